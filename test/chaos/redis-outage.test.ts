import { describe, expect, it } from 'vitest';
import { call, connectClient, startGame, type Client } from '../support/game-client.js';
import { skipWithoutRedis } from '../support/redis-server.js';
import { closeAll, snapshot, startNode, useRedisServer } from '../multinode/nodes.js';
import { playByResync, type PlayLog } from './support/resync-player.js';

/**
 * Redis is killed (SIGKILL) with games being played on two nodes (broadcasts crossing the adapter),
 * stays down ~2 s, and comes back. Any unhandled rejection fails the run (vitest reports it).
 */

const GAMES = 6;
/** The players here play as fast as they can: this test is about outages, not the abuse limits. */
const UNLIMITED = {
  rateLimit: { points: 1_000_000, durationSec: 1 },
  abuseLimits: {
    eventsPerIdentity: { points: 1_000_000, durationSec: 1 },
    eventsPerAddress: { points: 1_000_000, durationSec: 1 },
    roomOpsPerIdentity: { points: 1_000_000, durationSec: 1 },
    creationsPerAddress: { points: 1_000_000, durationSec: 1 },
  },
};
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
const health = (url: string): Promise<number> =>
  fetch(`${url}/healthz`, { signal: AbortSignal.timeout(5000) }).then((r) => r.status, () => 0);

describe.skipIf(skipWithoutRedis())('Redis killed and restarted under load', () => {
  const redis = useRedisServer();

  it('nodes live, commands get `unavailable` meanwhile, play resumes, no acked move is lost', async () => {
    const a = await startNode(redis().url, UNLIMITED);
    const b = await startNode(redis().url, UNLIMITED);
    const clients: Client[] = [];
    try {
      const tables: { white: Client; black: Client; gameId: string }[] = [];
      for (let i = 0; i < GAMES; i++) {
        const white = await connectClient(a.url);
        const black = await connectClient(b.url);
        clients.push(white, black);
        const gameId = await startGame(white, black);
        for (const c of [white, black]) await call(c.socket, 'game:join', { gameId });
        tables.push({ white, black, gameId });
      }
      let running = true;
      const plays: Promise<PlayLog>[] = tables.map((t, i) => playByResync(t, t.gameId, () => running, i + 1));

      await sleep(1000);
      await redis().kill();
      const downAt = Date.now();
      await sleep(300);
      const during = await Promise.all([health(a.url), health(b.url)]);
      await sleep(1700);
      await redis().relaunch();
      const upAt = Date.now();
      let healthy = false;
      for (let i = 0; i < 50 && !healthy; i++) {
        healthy = (await Promise.all([health(a.url), health(b.url)])).every((s) => s === 200);
        if (!healthy) await sleep(100);
      }
      await sleep(2000);
      running = false;
      const logs = await Promise.all(plays);

      expect(during).toEqual([503, 503]);
      expect(healthy).toBe(true);
      const refusals = new Map<string, number>();
      for (const l of logs) for (const [code, n] of l.refusals) refusals.set(code, (refusals.get(code) ?? 0) + n);
      expect(refusals.get('unavailable') ?? 0).toBeGreaterThan(0);
      expect([...refusals.keys()].filter((c) => !['unavailable', 'stale-version'].includes(c))).toEqual([]);
      expect(logs.reduce((n, l) => n + l.unanswered, 0)).toBe(0);
      const before = logs.reduce((n, l) => n + l.acked.filter((m) => m.at < downAt).length, 0);
      const after = logs.reduce((n, l) => n + l.acked.filter((m) => m.at > upAt).length, 0);
      expect(before).toBeGreaterThan(0);
      expect(after).toBeGreaterThan(0);
      // every acknowledged move is in the game's record, in the order of its versions (a version may
      // also be a change without a move: a player's departure or return is committed too)
      for (const [i, t] of tables.entries()) {
        const s = await snapshot(t.white, t.gameId);
        const acked = [...(logs[i]?.acked ?? [])].sort((x, y) => x.version - y.version);
        let at = 0;
        for (const m of acked) {
          while (at < s.moves.length && s.moves[at]?.uci !== m.uci) at++;
          expect(at, `acked move ${m.uci} at version ${m.version} is in the record`).toBeLessThan(s.moves.length);
          at++;
        }
      }
      console.log(
        `redis outage: ${before} moves acked before, ${after} after; refusals ${JSON.stringify(Object.fromEntries(refusals))}`,
      );
    } finally {
      await closeAll(clients, [a, b]);
    }
  });
});
