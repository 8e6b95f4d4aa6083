import { decodeState, encodeState, INITIAL_FEN, newGame, parseGame, parseUci, play, type GameState, type VariantId } from '@progressive-chess/shared';
import { getPriority } from 'node:os';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ComputeError, type ComputePool } from '../../src/compute/pool.js';
import { SCHED_IDLE, threadPolicy, type ThreadPriority } from '../../src/compute/thread-priority.js';
import { createWorkerPool } from '../../src/compute/worker-pool.js';
import type { FIXTURE_TASKS } from './fixture-worker.js';

type FixturePool = ComputePool<typeof FIXTURE_TASKS>;
const FIXTURE = new URL('./fixture-worker.ts', import.meta.url);

const pools: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});
function fixturePool(size: number, maxQueue: number, more: { priority?: ThreadPriority | null } = {}): FixturePool {
  const pool = createWorkerPool<typeof FIXTURE_TASKS>({ size, maxQueue, entry: FIXTURE, cancelGraceMs: 200, ...more });
  pools.push(pool);
  return pool;
}

function start(variant: VariantId, turn: number): string {
  const r = newGame(variant, { fen: INITIAL_FEN, turn });
  if (!r.ok) throw new Error(r.error.message);
  return encodeState(r.value);
}

function after(variant: VariantId, movetext: string): string {
  const r = parseGame(movetext, variant);
  if (!r.ok) throw new Error(r.error.message);
  return encodeState(r.value.state);
}

/** Plays UCI moves through the rules; the state after them. */
function replay(encoded: string, moves: readonly string[]): GameState {
  const s = decodeState(encoded);
  if (!s.ok) throw new Error(s.error.message);
  let state = s.value;
  for (const uci of moves) {
    const r = play(state, parseUci(uci)!);
    if (!r.ok) throw new Error(`${uci}: ${r.error.message}`);
    state = r.value.state;
  }
  return state;
}

const rejection = async (p: Promise<unknown>): Promise<string> => {
  const e: unknown = await p.then(() => null, (err: unknown) => err);
  if (!(e instanceof ComputeError)) throw new Error(`expected a ComputeError, got ${String(e)}`);
  return e.code;
};

/** English turn 7 from the start has no mate; proving it takes the finder millions of nodes (seconds). */
const LONG_SEARCH = { state: start('english', 7), budgetMs: 120_000, maxNodes: 50_000_000 };

describe('worker pool (real worker threads)', () => {
  it('runs the registry tasks in a worker: a mate is found and a bot series is legal', async () => {
    const pool = createWorkerPool({ size: 1 });
    pools.push(pool);
    const before = after('scottish', '1.e4 2.e5 Nf6');
    const mate = await pool.run('find-mate', { state: before, maxNodes: 1_000_000 });
    expect(mate.found).toBe(true);
    expect(replay(before, mate.moves).outcome?.result).toBe('1-0');

    const state = start('italian', 5);
    const series = await pool.run('bot-series', { state, level: 2, budgetMs: 200, seed: 7 });
    expect(series.moves.length).toBeGreaterThan(0);
    const next = replay(state, series.moves);
    // The series is complete: the turn has passed to the other side (or the game ended).
    expect(next.outcome !== null || next.color === 'black').toBe(true);
    expect(pool.stats()).toMatchObject({ workers: 1, busy: 0, queued: 0, completed: 2 });
  });

  it('a task that throws rejects with failed, and the worker goes on serving', async () => {
    const pool = fixturePool(1, 4);
    expect(await rejection(pool.run('find-mate', { state: 'not a state' }))).toBe('failed');
    expect((await pool.run('spin', { ms: 1 })).spun).toBeGreaterThan(0);
    expect(pool.stats()).toMatchObject({ failed: 1, completed: 1, crashed: 0 });
  });

  it('the queue is bounded: past maxQueue waiting tasks, run rejects with busy at once', async () => {
    const pool = fixturePool(1, 2);
    const stop = new AbortController();
    const running = pool.run('spin', { ms: 60_000 }, { signal: stop.signal });
    const waiting = [pool.run('spin', { ms: 1 }), pool.run('spin', { ms: 1 })];
    expect(await rejection(pool.run('spin', { ms: 1 }))).toBe('busy');
    expect(pool.stats()).toMatchObject({ busy: 1, queued: 2, refused: 1 });
    stop.abort();
    expect(await rejection(running)).toBe('aborted');
    // The waiting tasks were kept and run once the worker was free.
    for (const w of await Promise.all(waiting)) expect(w.spun).toBeGreaterThan(0);
  });

  it('an aborted signal removes a queued task without touching the running one', async () => {
    const pool = fixturePool(1, 4);
    const running = pool.run('spin', { ms: 300 });
    const stop = new AbortController();
    const queued = pool.run('spin', { ms: 60_000 }, { signal: stop.signal });
    expect(pool.stats().queued).toBe(1);
    stop.abort();
    expect(await rejection(queued)).toBe('aborted');
    expect(pool.stats()).toMatchObject({ queued: 0, cancelled: 1 });
    expect((await running).spun).toBeGreaterThan(0);
    expect(pool.stats().crashed).toBe(0);
    // Already aborted: refused before queueing.
    expect(await rejection(pool.run('spin', { ms: 1 }, { signal: AbortSignal.abort() }))).toBe('aborted');
  });

  it('cancelling a running mate search stops the search without killing its thread, and the pool serves the next task', async () => {
    const pool = createWorkerPool({ size: 1 });
    pools.push(pool);
    await pool.run('find-mate', { state: start('italian', 3) }); // the worker is up
    const stop = new AbortController();
    const long = pool.run('find-mate', LONG_SEARCH, { signal: stop.signal });
    await new Promise((r) => setTimeout(r, 300));
    expect(pool.stats().busy).toBe(1);
    stop.abort();
    expect(await rejection(long)).toBe('aborted');
    const next = after('scottish', '1.e4 2.e5 Nf6');
    expect((await pool.run('find-mate', { state: next })).found).toBe(true);
    // The search stopped at its next look at the task clock: one thread alive, and it answered
    // the next task at once (no new thread started).
    expect(pool.stats()).toMatchObject({ workers: 1, threads: 1, cancelled: 1, completed: 2, crashed: 0 });
  });

  it('a cancelled task that watches the task clock returns at once and its thread serves the next task', async () => {
    const pool = fixturePool(1, 4);
    const before = await pool.run('whoami', {});
    const stop = new AbortController();
    const long = pool.run('clock-spin', { ms: 60_000 }, { signal: stop.signal });
    await new Promise((r) => setTimeout(r, 100));
    const at = Date.now();
    stop.abort();
    expect(await rejection(long)).toBe('aborted');
    const next = await pool.run('whoami', {});
    // Well under the 200 ms grace period: the task stopped by itself, the thread was kept.
    expect(Date.now() - at).toBeLessThan(150);
    expect(next.threadId).toBe(before.threadId);
    expect(pool.stats()).toMatchObject({ threads: 1, cancelled: 1, crashed: 0 });
  });

  it('a cancelled task blind to the clock has its worker replaced after the grace period', async () => {
    const pool = fixturePool(1, 4);
    const before = await pool.run('whoami', {});
    const stop = new AbortController();
    const blind = pool.run('spin', { ms: 60_000 }, { signal: stop.signal });
    const queued = pool.run('whoami', {});
    await new Promise((r) => setTimeout(r, 50));
    stop.abort();
    expect(await rejection(blind)).toBe('aborted');
    // The waiting task runs on a fresh thread once the grace period is over.
    expect((await queued).threadId).not.toBe(before.threadId);
    await vi.waitFor(() => expect(pool.stats().threads).toBe(1), { timeout: 5_000 });
    expect(pool.stats()).toMatchObject({ workers: 1, cancelled: 1, completed: 2, crashed: 0 });
  });

  it('workers run at the lowest CPU priority by default (Linux: nice 19 and SCHED_IDLE), the event loop keeps its own', async () => {
    const low = await fixturePool(1, 4).run('whoami', {});
    const kept = await fixturePool(1, 4, { priority: null }).run('whoami', {});
    if (process.platform === 'linux') {
      expect(low.nice).toBe(19);
      expect(low.policy).toBe(SCHED_IDLE);
      expect(kept.policy).toBe(threadPolicy());
      expect(threadPolicy()).not.toBe(SCHED_IDLE);
    }
    expect(kept.nice).toBe(getPriority(0));
  });

  it('a crashed worker rejects its task with crashed and is replaced', async () => {
    const pool = fixturePool(1, 4);
    const queued = pool.run('spin', { ms: 1 });
    const crash = pool.run('crash', { code: 3 });
    const after = pool.run('spin', { ms: 1 });
    expect((await queued).spun).toBeGreaterThan(0);
    expect(await rejection(crash)).toBe('crashed');
    expect((await after).spun).toBeGreaterThan(0);
    await vi.waitFor(() => expect(pool.stats().threads).toBe(1), { timeout: 5_000 });
    expect(pool.stats()).toMatchObject({ workers: 1, crashed: 1, completed: 2 });
  });

  it('close rejects waiting and running tasks and refuses new ones', async () => {
    const pool = fixturePool(1, 4);
    const running = pool.run('spin', { ms: 60_000 });
    const waiting = pool.run('spin', { ms: 1 });
    const refusals = Promise.all([rejection(running), rejection(waiting)]);
    await pool.close();
    expect(await refusals).toEqual(['closed', 'closed']);
    expect(await rejection(pool.run('spin', { ms: 1 }))).toBe('closed');
    expect(pool.stats().threads).toBe(0);
  });
});
