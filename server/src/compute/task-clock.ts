/**
 * The clock a worker's tasks measure their budget with, and how the pool stops a running task
 * without killing its thread: the pool sets the worker's shared cancel flag, and from then on every
 * reading of this clock is a billion ms later than the one before, so a budgeted search (the mate
 * finder looks every 64 nodes, the bot's series search at every step) sees its budget spent at its next look and returns at once. The
 * pool discards that answer; a task that never reads the clock is stopped by terminating its worker
 * after a grace period (worker-pool.ts).
 */

let flag: Int32Array | null = null;
let skew = 0;

/** The worker's cancel flag (shared with the pool; non-zero: the running task is cancelled). */
export function bindCancelFlag(shared: Int32Array): void {
  flag = shared;
}

export function taskClock(): number {
  if (flag !== null && Atomics.load(flag, 0) !== 0) skew += 1e9;
  return performance.now() + skew;
}
