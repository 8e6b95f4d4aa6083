import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startDeadlineWorker, type DeadlineWorker } from '../src/services/deadline-worker.js';
import { createMemoryStore } from '../src/store/memory-store.js';
import { watchDeadlines } from '../src/store/deadline-watch.js';
import type { DueClaim, GameWrite, Store } from '../src/store/store.js';

/**
 * The deadline worker asks the store only when something may be due: every `tickMs` while a
 * deadline is near, at the deadline it was told of, at most `idleMs` apart when none is near, and
 * at once (within a tick) for a deadline this node writes. Fake timers drive the real worker over
 * the real memory store; the test's clock is the fake timers' clock.
 */
const TICK = 40;
const IDLE = 1000;
const LEASE = 80;

const write = (deadline: number | null): GameWrite => ({ doc: '{}', appendMoves: [], deadline, summary: undefined, expireAfterMs: null });

describe('deadline worker', () => {
  let store: Store;
  let polls: number[];
  let resolved: Array<[string, number]>;
  let worker: DeadlineWorker | null;

  const start = (inner: Store = createMemoryStore()): Store => {
    polls = [];
    resolved = [];
    const counted = Object.create(inner) as Store;
    counted.claimDueGames = (now, limit, leaseMs) => {
      polls.push(now);
      return inner.claimDueGames(now, limit, leaseMs);
    };
    // as createApp composes it: the store's deadline writes wake the worker
    store = watchDeadlines(counted, (at) => worker?.nudge(at));
    worker = startDeadlineWorker({
      store,
      tickMs: TICK,
      idleMs: IDLE,
      leaseMs: LEASE,
      now: Date.now,
      logger: pino({ level: 'silent' }),
      resolve: async (id, claimedUntil) => {
        resolved.push([id, Date.now()]);
        await store.settleClaim(id, claimedUntil, null);
      },
    });
    return store;
  };

  beforeEach(() => {
    vi.useFakeTimers({ now: 1_000_000 });
    worker = null;
  });
  afterEach(async () => {
    await worker?.stop();
    vi.useRealTimers();
  });

  it('asks once a second at most when no deadline is near (it used to ask 25 times)', async () => {
    start();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(polls.length).toBeGreaterThanOrEqual(10);
    expect(polls.length).toBeLessThanOrEqual(11);
  });

  it('wakes at a deadline it was told of by a claim, and resolves it then', async () => {
    const inner = createMemoryStore();
    await inner.createGame('far', write(1_000_000 + 5_500));
    start(inner);
    await vi.advanceTimersByTimeAsync(6_000);
    expect(resolved).toEqual([['far', expect.any(Number)]]);
    const at = resolved[0]?.[1] ?? 0;
    expect(at).toBeGreaterThanOrEqual(1_000_000 + 5_500);
    expect(at).toBeLessThanOrEqual(1_000_000 + 5_500 + TICK);
    // and slept meanwhile: about one look per idle period, not one per tick
    expect(polls.length).toBeLessThanOrEqual(8);
  });

  it('a deadline this node writes wakes it within a tick of it, whatever its sleep', async () => {
    start();
    await vi.advanceTimersByTimeAsync(TICK + 1); // the first look: nothing, so it sleeps IDLE
    const before = polls.length;
    const due = Date.now() + 100;
    await store.createGame('g', write(due));
    await vi.advanceTimersByTimeAsync(100 + TICK);
    expect(resolved.map(([id]) => id)).toEqual(['g']);
    expect(resolved[0]?.[1]).toBeLessThanOrEqual(due + TICK);
    expect(polls.length - before).toBeLessThanOrEqual(2);
  });

  it('a commit that moves a deadline earlier wakes it earlier; a later one does not put it off', async () => {
    start();
    await store.createGame('g', write(Date.now() + 900));
    await vi.advanceTimersByTimeAsync(TICK + 1);
    expect((await store.commitGame('g', 1, write(Date.now() + 200))).ok).toBe(true);
    const moved = Date.now() + 200;
    // a stream of later deadlines from other games cannot postpone the look at `moved`
    for (let i = 0; i < 5; i++) {
      await store.createGame(`late${i}`, write(Date.now() + 5_000));
      await vi.advanceTimersByTimeAsync(30);
    }
    await vi.advanceTimersByTimeAsync(200);
    const g = resolved.find(([id]) => id === 'g');
    expect(g?.[1]).toBeGreaterThanOrEqual(moved);
    expect(g?.[1]).toBeLessThanOrEqual(moved + TICK);
  });

  it('a refused or failed write wakes nothing', async () => {
    const inner = createMemoryStore();
    await inner.createGame('g', write(null));
    start(inner);
    await vi.advanceTimersByTimeAsync(TICK + 1);
    const before = polls.length;
    expect((await store.commitGame('g', 7, write(Date.now() + 50))).ok).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect(polls.length).toBe(before);
  });

  it('asks again every tick while the store is away, and sleeps again once it answers', async () => {
    const inner = createMemoryStore();
    let away = true;
    const flaky = Object.create(inner) as Store;
    flaky.claimDueGames = (now, limit, leaseMs): Promise<DueClaim> => (away ? Promise.reject(new Error('store away')) : inner.claimDueGames(now, limit, leaseMs));
    start(flaky);
    await vi.advanceTimersByTimeAsync(10 * TICK + 1);
    expect(polls.length).toBeGreaterThanOrEqual(9);
    away = false;
    await vi.advanceTimersByTimeAsync(TICK);
    const after = polls.length;
    await vi.advanceTimersByTimeAsync(IDLE / 2);
    expect(polls.length).toBe(after);
  });

  it('a full batch asks again at the next tick', async () => {
    const inner = createMemoryStore();
    for (let i = 0; i < 150; i++) await inner.createGame(`g${i}`, write(1_000_000));
    start(inner);
    await vi.advanceTimersByTimeAsync(2 * TICK + 1);
    expect(resolved).toHaveLength(150);
  });

  it('asks nothing after stop, even when nudged', async () => {
    start();
    await vi.advanceTimersByTimeAsync(TICK + 1);
    await worker?.stop();
    const before = polls.length;
    worker?.nudge(Date.now());
    await vi.advanceTimersByTimeAsync(5 * IDLE);
    expect(polls.length).toBe(before);
  });
});
