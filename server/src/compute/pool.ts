/**
 * The compute pool: CPU-heavy pure tasks (bot series, mate searches, analysis) run off the event
 * loop. Guarantees of every implementation:
 * - `run` settles exactly once: the task's output, or a `ComputeError` (never hangs on a dead worker);
 * - bounded: when every worker is busy and `maxQueue` tasks wait, `run` rejects at once with `busy`;
 * - cancellation: an aborted `signal` removes a waiting task, and stops a running one (the worker
 *   pool: at the search's next look at its clock, else by terminating and replacing the worker after
 *   a grace period); the promise rejects with `aborted` at once;
 * - a worker that crashes (exit, uncaught error, out of memory) rejects its task with `crashed` and is replaced;
 * - after `close`, waiting tasks reject with `closed` and `run` refuses new ones.
 */
import type { InputOf, KindOf, OutputOf, TaskMap, Tasks } from './tasks.js';

export type ComputeErrorCode = 'busy' | 'aborted' | 'crashed' | 'failed' | 'closed';

export class ComputeError extends Error {
  constructor(
    readonly code: ComputeErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ComputeError';
  }
}

export interface RunOptions {
  readonly signal?: AbortSignal;
}

export interface ComputeStats {
  readonly workers: number;
  /** Threads alive, including stopped workers not yet exited. */
  readonly threads: number;
  readonly busy: number;
  readonly queued: number;
  readonly maxQueue: number;
  readonly completed: number;
  readonly failed: number;
  readonly cancelled: number;
  readonly crashed: number;
  readonly refused: number;
}

export interface ComputePool<T extends TaskMap = Tasks> {
  run<K extends KindOf<T>>(kind: K, input: InputOf<T, K>, opts?: RunOptions): Promise<OutputOf<T, K>>;
  stats(): ComputeStats;
  /** Rejects waiting tasks, stops running ones and the workers. Idempotent. */
  close(): Promise<void>;
}

export const abortedError = (): ComputeError => new ComputeError('aborted', 'the task was cancelled');
export const closedError = (): ComputeError => new ComputeError('closed', 'the compute pool is closed');

/** Mutable counters behind `stats()`. */
export function counters(): { completed: number; failed: number; cancelled: number; crashed: number; refused: number } {
  return { completed: 0, failed: 0, cancelled: 0, crashed: 0, refused: 0 };
}
