import type { ComputePool } from './pool.js';
import { createWorkerPool } from './worker-pool.js';

/** An optional positive integer setting of the environment (anything else is an error, not a silent default). */
export function positive(env: Readonly<Record<string, string | undefined>>, name: string): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return n;
}

/**
 * The process's worker pool: COMPUTE_WORKERS threads (default: CPU cores - 1, at least 1),
 * COMPUTE_QUEUE tasks waiting at most (default 64), COMPUTE_HEAP_MB heap per worker (default: Node's),
 * COMPUTE_SCHED_IDLE=0 to keep the threads at nice 19 only (default: SCHED_IDLE too, thread-priority.ts).
 */
export function computeFromEnv(env: Readonly<Record<string, string | undefined>>): ComputePool {
  const size = positive(env, 'COMPUTE_WORKERS');
  const maxQueue = positive(env, 'COMPUTE_QUEUE');
  const heap = positive(env, 'COMPUTE_HEAP_MB');
  const idle = env.COMPUTE_SCHED_IDLE ?? '1';
  if (idle !== '0' && idle !== '1') throw new Error(`COMPUTE_SCHED_IDLE must be 0 or 1, got "${idle}"`);
  return createWorkerPool({
    idle: idle === '1',
    ...(size === undefined ? {} : { size }),
    ...(maxQueue === undefined ? {} : { maxQueue }),
    ...(heap === undefined ? {} : { resourceLimits: { maxOldGenerationSizeMb: heap } }),
  });
}
