import { encodeState, newGame, VARIANT_IDS } from '@progressive-chess/shared';
import { afterAll, beforeAll } from 'vitest';
import type { ComputePool } from '../../server/src/compute/pool.js';
import { createWorkerPool } from '../../server/src/compute/worker-pool.js';

/**
 * One warm worker thread for a test file: a fresh thread's first search also loads its code (a
 * second or more here), which is not what the games measure. Each app borrows it (its close leaves
 * it); call at the top level of the file.
 */
export function sharedPool(): () => ComputePool {
  let pool: ComputePool | null = null;
  beforeAll(async () => {
    pool = createWorkerPool({ size: 1 });
    for (const variant of VARIANT_IDS) {
      const g = newGame(variant);
      if (!g.ok) throw new Error(g.error.message);
      await pool.run('bot-series', { state: encodeState(g.value), level: 3, budgetMs: 100, seed: 1 });
    }
  });
  afterAll(() => pool?.close());
  const the = (): ComputePool => {
    if (pool === null) throw new Error('the shared pool starts in beforeAll');
    return pool;
  };
  return () => ({ run: (kind, input, opts) => the().run(kind, input, opts), stats: () => the().stats(), close: async () => {} });
}
