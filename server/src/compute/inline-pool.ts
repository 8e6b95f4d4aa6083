import { abortedError, closedError, ComputeError, counters, type ComputePool, type RunOptions } from './pool.js';
import { TASKS, type InputOf, type KindOf, type OutputOf, type TaskMap, type Tasks } from './tasks.js';

/**
 * Runs each task in this process, one macrotask later (unit tests of services only: it blocks
 * the event loop while a task runs). Input and output are structured-cloned as across a worker.
 * A signal aborted before the task starts cancels it; a started task runs to its end.
 */
export function createInlinePool<T extends TaskMap = Tasks>(tasks: T = TASKS as unknown as T): ComputePool<T> {
  const count = counters();
  let closed = false;
  let running = 0;
  const run = <K extends KindOf<T>>(kind: K, input: InputOf<T, K>, opts: RunOptions = {}): Promise<OutputOf<T, K>> => {
    if (closed) return Promise.reject(closedError());
    return new Promise((resolve, reject) => {
      setImmediate(() => {
        if (opts.signal?.aborted) {
          count.cancelled++;
          return reject(abortedError());
        }
        running++;
        try {
          const task = tasks[kind] as (input: unknown) => unknown;
          resolve(structuredClone(task(structuredClone(input))) as OutputOf<T, K>);
          count.completed++;
        } catch (e) {
          count.failed++;
          reject(new ComputeError('failed', e instanceof Error ? e.message : String(e)));
        } finally {
          running--;
        }
      });
    });
  };
  return {
    run,
    stats: () => ({ workers: 0, threads: 0, busy: running, queued: 0, maxQueue: Infinity, ...count }),
    async close() {
      closed = true;
    },
  };
}
