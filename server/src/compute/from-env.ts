import { envInteger, type Env } from '../env.js';
import type { ComputePool } from './pool.js';
import { createWorkerPool, type WorkerPoolOptions } from './worker-pool.js';

/**
 * The process's worker pool: COMPUTE_WORKERS threads (default: CPU cores - 1, at least 1),
 * COMPUTE_QUEUE tasks waiting at most (default 64), COMPUTE_HEAP_MB heap per worker (default: Node's),
 * COMPUTE_SCHED_IDLE=0 to keep the threads at nice 19 only (default: SCHED_IDLE too, thread-priority.ts).
 */
export function computeFromEnv(env: Env): ComputePool {
  return createWorkerPool(computeOptionsFromEnv(env));
}

/** The worker pool's options set in `env` (an error for a malformed one). */
export function computeOptionsFromEnv(env: Env): WorkerPoolOptions {
  const size = envInteger(env, 'COMPUTE_WORKERS');
  const maxQueue = envInteger(env, 'COMPUTE_QUEUE');
  const heap = envInteger(env, 'COMPUTE_HEAP_MB');
  const idle = env.COMPUTE_SCHED_IDLE || '1';
  if (idle !== '0' && idle !== '1') throw new Error(`COMPUTE_SCHED_IDLE must be 0 or 1, got "${idle}"`);
  return {
    ...(idle === '0' ? { priority: { nice: 19, idle: false } } : {}),
    ...(size === undefined ? {} : { size }),
    ...(maxQueue === undefined ? {} : { maxQueue }),
    ...(heap === undefined ? {} : { resourceLimits: { maxOldGenerationSizeMb: heap } }),
  };
}
