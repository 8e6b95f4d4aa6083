import { type GameState, legalMoves, makeUci, newGame, play } from '@progressive-chess/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countCommands } from '../../test/support/command-counter.js';
import { type RedisHandle, skipWithoutRedis, startRedis } from '../../test/support/redis-server.js';
import { createMemoryStore } from '../src/store/memory-store.js';
import { createRedisStore } from '../src/store/redis-store.js';
import type { GameWrite, Store } from '../src/store/store.js';
import { manualClock, startServer } from './helpers.js';

/**
 * The move hot path costs one store round trip: a node that holds the game's current version
 * commits the move (doc, move log, deadline and lobby entry in one compare-and-set) without
 * loading the game first. Counted on the Store interface (memory) and on the Redis wire.
 */

const W = { id: 'pw', name: 'White' };
const B = { id: 'pb', name: 'Black' };

/** A Store that counts its calls by method name, and keeps what each `commitGame` wrote. */
function countingStore(inner: Store): { store: Store; calls: Map<string, number>; writes: GameWrite[] } {
  const calls = new Map<string, number>();
  const writes: GameWrite[] = [];
  const store = new Proxy(inner, {
    get(target, name, receiver) {
      const v: unknown = Reflect.get(target, name, receiver);
      if (typeof v !== 'function' || typeof name !== 'string') return v;
      return (...args: unknown[]): unknown => {
        calls.set(name, (calls.get(name) ?? 0) + 1);
        if (name === 'commitGame') writes.push(args[2] as GameWrite);
        return Reflect.apply(v, target, args) as unknown;
      };
    },
  });
  return { store, calls, writes };
}

/** `count` moves of a quiet game (first legal move that neither checks nor ends it), as UCI. */
function quietMoves(count: number): string[] {
  const g = newGame('scottish');
  if (!g.ok) throw new Error(g.error.message);
  let state: GameState = g.value;
  const out: string[] = [];
  while (out.length < count) {
    const next = legalMoves(state)
      .map((m) => ({ m, r: play(state, m) }))
      .find(({ r }) => r.ok && !r.value.check && r.value.outcome === null);
    if (!next?.r.ok) throw new Error('no quiet move');
    out.push(makeUci(next.m));
    state = next.r.value.state;
  }
  return out;
}

/** No timers in the way: the deadline worker and the heartbeat would read the store meanwhile. */
const QUIET = { deadlineTickMs: 60_000, heartbeatMs: 60_000 };

async function playCounted(store: Store, perMove: () => Map<string, number> | ReadonlyMap<string, number>, reset: () => void) {
  const { app } = await startServer({ store, ...QUIET });
  const gameId = await app.services.games.create({ variant: 'scottish', timeControl: { kind: 'fischer', initial: 600, increment: 0 }, white: W, black: B });
  const moves = quietMoves(12); // turns 1 to 4 and into 5: turn ends, clock starts and turn changes
  const seen: Record<string, number>[] = [];
  let version = 1;
  let color = W;
  const series = [1, 2, 3, 4, 5];
  let left = series.shift() ?? 1;
  for (const [i, move] of moves.entries()) {
    reset();
    version = (await app.services.commands.run('game:move', color.id, { gameId, version, move })).version;
    // the first move loads the commit script into Redis (NOSCRIPT, then EVAL): counted from the second on
    if (i > 0) seen.push(Object.fromEntries(perMove()));
    if (--left === 0) {
      color = color === W ? B : W;
      left = series.shift() ?? 1;
    }
  }
  expect(version).toBe(1 + moves.length);
  return seen;
}

describe('a move costs one store round trip', () => {
  it('on the Store interface: one commitGame, no load, for every move of a series and at turn ends', async () => {
    const { store, calls } = countingStore(createMemoryStore());
    const seen = await playCounted(store, () => calls, () => calls.clear());
    expect(seen).toHaveLength(11);
    for (const s of seen) expect(s).toEqual({ commitGame: 1 });
  });

  it('a commit writes only what changed: the deadline at turn ends, an untimed game\'s idle deadline not after every move', async () => {
    const inner = createMemoryStore();
    const { store, writes } = countingStore(inner);
    const clock = manualClock();
    const { app } = await startServer({ store, now: clock.now, ...QUIET });
    const timed = await app.services.games.create({ variant: 'scottish', timeControl: { kind: 'fischer', initial: 600, increment: 0 }, white: W, black: B });
    const untimed = await app.services.games.create({ variant: 'scottish', timeControl: { kind: 'none' }, white: W, black: B });
    const [m1, m2, m3, m4] = quietMoves(4);
    for (const gameId of [timed, untimed]) {
      let version = 1;
      for (const [who, move] of [[W, m1], [B, m2], [B, m3], [W, m4]] as const) {
        clock.advance(1000);
        version = (await app.services.commands.run('game:move', who.id, { gameId, version, move: move ?? '' })).version;
      }
    }
    const [t1, t2, t3, t4, u1, u2, u3, u4] = writes;
    // timed: White's move ends turn 1 (Black's first-move grace), Black's first move starts its clock
    // (its flag), Black's second ends turn 2 (White's flag); White's next move, inside its series,
    // leaves the flag time and so the entry as they are
    for (const w of [t1, t2, t3]) expect(w?.deadline).toEqual(expect.any(Number));
    expect(new Set([t1, t2, t3].map((w) => w?.deadline)).size).toBe(3);
    expect(t4?.deadline).toBeUndefined();
    // untimed: the idle deadline only moves later, the index entry stays as created
    for (const w of [u1, u2, u3, u4]) expect(w?.deadline).toBeUndefined();
    // nothing expires, and nothing asks to keep what is already kept
    for (const w of writes) expect(w.expireAfterMs).toBeUndefined();
    await inner.close();
  });

  it('a node whose copy is behind loads once, then commits', async () => {
    const { store, calls } = countingStore(createMemoryStore());
    const [a, b] = await Promise.all([startServer({ store, ...QUIET }), startServer({ store, ...QUIET })]);
    const gameId = await a.app.services.games.create({ variant: 'scottish', timeControl: { kind: 'none' }, white: W, black: B });
    const [m1, m2] = quietMoves(2);
    await b.app.services.commands.run('game:move', W.id, { gameId, version: 1, move: m1 ?? '' });
    calls.clear();
    expect(await a.app.services.commands.run('game:move', B.id, { gameId, version: 2, move: m2 ?? '' })).toMatchObject({ version: 3 });
    expect(Object.fromEntries(calls)).toEqual({ loadGameHead: 1, commitGame: 1 });
  });
});

describe.skipIf(skipWithoutRedis())('a move costs one Redis command', () => {
  let redis: RedisHandle;
  beforeAll(async () => {
    redis = await startRedis({ appendOnly: false });
  });
  afterAll(async () => {
    await redis?.stop();
  });

  it('one EVALSHA per move on the Redis store', async () => {
    const store = createRedisStore(redis.url, { prefix: 'rt:' });
    try {
      const counter = countCommands(store.client);
      const seen = await playCounted(store, () => counter.counts, () => counter.reset());
      expect(seen).toHaveLength(11);
      // the first move that leaves every index as it is loads the plain commit's script (NOSCRIPT, then EVAL)
      for (const s of seen) expect(s).toEqual(s.eval === undefined ? { evalsha: 1 } : { evalsha: 1, eval: 1 });
      expect(seen.filter((s) => s.eval !== undefined)).toHaveLength(1);
    } finally {
      await store.close();
    }
  });
});
