import { CLIENT_EVENTS, ERROR_CODES } from '@progressive-chess/shared';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../server/src/app.js';
import { createMemoryStore } from '../../server/src/store/memory-store.js';
import { PER_IDENTITY } from '../bench/app-node.js';
import { rng } from '../bench/table.js';
import { call, connectClient, startGame, type Client } from '../support/game-client.js';

/**
 * Seeded fuzzing of the event edge: protocol and unknown event names with random payloads (wrong
 * types, huge strings, deep nesting, binary, extra arguments, no ack). Every acknowledged request
 * must be answered with a known code or ok, nothing may crash (an unhandled error fails the run),
 * and the game in progress must still accept a legal move afterwards.
 */

const EVENTS = Object.keys(CLIENT_EVENTS);
const CODES = new Set<string>(ERROR_CODES);
const COUNT = 1500;

function fuzzValue(random: () => number, ids: readonly string[], depth = 0): unknown {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)] as T;
  switch (Math.floor(random() * 11)) {
    case 0: return null;
    case 1: return pick([0, -1, 1e308, Number.NaN, 2 ** 53, 3.5]);
    case 2: return pick(['', 'e2e4', 'e7e8q', 'x'.repeat(5000), '\u0000', '__proto__', ...ids]);
    case 3: return random() < 0.5;
    case 4: return Buffer.from([1, 2, 3]);
    case 5: return depth > 3 ? {} : Array.from({ length: Math.floor(random() * 4) }, () => fuzzValue(random, ids, depth + 1));
    case 6: return { gameId: pick(ids), version: pick([1, 2, -5, 'x']), move: pick(['e2e4', 'e7e5', 'zz', 42]) };
    case 7: return { seekId: pick(ids), code: pick(ids) };
    case 8: return { variant: pick(['scottish', 'nope']), timeControl: { kind: pick(['none', 'fischer', 'x']), initial: 1 }, color: 'random', visibility: 'public' };
    case 9: return { name: pick(['A', '', 'x'.repeat(200)]) };
    default:
      return depth > 3 ? 'deep' : { [pick(['__proto__', 'constructor', 'gameId', 'a'])]: fuzzValue(random, ids, depth + 1) };
  }
}

describe('fuzzed events', () => {
  it(`${COUNT} random events: every ack is ok or a known code, nothing crashes, play goes on`, async () => {
    const store = createMemoryStore();
    const app = createApp({ store, abuseLimits: PER_IDENTITY, rateLimit: { points: 1_000_000, durationSec: 1 } });
    const { port } = await app.listen(0, '127.0.0.1');
    const url = `http://127.0.0.1:${port}`;
    const clients: Client[] = [];
    try {
      const [white, black] = [await connectClient(url), await connectClient(url)];
      let fuzzer = await connectClient(url);
      clients.push(white, black, fuzzer);
      const gameId = await startGame(white, black);
      const ids = [gameId, 'nope', white.session.playerId];
      const random = rng(8);
      const codes = new Map<string, number>();
      let answered = 0;
      let unanswered = 0;
      let reconnects = 0;
      const pending: Promise<void>[] = [];
      for (let i = 0; i < COUNT; i++) {
        if (!fuzzer.socket.connected) {
          // e.g. a payload over maxHttpBufferSize, or `flooding`, closes the connection: a new one goes
          // on, as a new identity (one disconnected for flooding is blocked for a while)
          reconnects++;
          fuzzer = await connectClient(url);
          clients.push(fuzzer);
        }
        const socket = fuzzer.socket;
        const emit = socket.emit.bind(socket) as unknown as (e: string, ...a: unknown[]) => void;
        const emitTimed = socket.timeout(5000).emit.bind(socket.timeout(5000)) as unknown as (e: string, ...a: unknown[]) => void;
        const name = random() < 0.85 ? (EVENTS[Math.floor(random() * EVENTS.length)] ?? 'x') : `fuzz:${i % 7}`;
        const args = Array.from({ length: Math.floor(random() * 3) }, () => fuzzValue(random, ids));
        if (random() < 0.1) {
          emit(name, ...args); // no ack
          continue;
        }
        pending.push(
          new Promise<void>((resolve) => {
            emitTimed(name, ...args, (err: unknown, res: { ok?: unknown; code?: unknown }) => {
              if (err) {
                // no answer is acceptable only from a connection the server closed
                if (socket.connected) unanswered++;
                return resolve();
              }
              answered++;
              const code = res.ok === true ? 'ok' : String(res.code);
              codes.set(code, (codes.get(code) ?? 0) + 1);
              resolve();
            });
          }),
        );
        if (i % 50 === 49) await Promise.all(pending.splice(0));
      }
      await Promise.all(pending);
      console.log(`fuzz: ${answered} answered, ${reconnects} reconnections; ${JSON.stringify(Object.fromEntries(codes))}`);
      expect(unanswered).toBe(0);
      expect(answered).toBeGreaterThan(COUNT * 0.5);
      for (const code of codes.keys()) expect(code === 'ok' || CODES.has(code), code).toBe(true);
      expect(codes.get('internal') ?? 0).toBe(0);
      // the fuzzer holds no seat: the game is untouched and still playable
      const { snapshot } = await call(white.socket, 'game:join', { gameId });
      expect(snapshot.version).toBe(1);
      expect(snapshot.moves).toEqual([]);
      // (the room's count may commit Black's absence between the join and the move: a quiet commit,
      // so the move sent at version 1 is still current and commits after it)
      expect((await call(white.socket, 'game:move', { gameId, version: 1, move: 'e2e4' })).version).toBeGreaterThanOrEqual(2);
      expect((await call(white.socket, 'game:resync', { gameId })).snapshot.moves.map((m) => m.uci)).toEqual(['e2e4']);
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
    } finally {
      for (const c of clients) c.close();
      await app.close();
      await store.close();
    }
  });
});
