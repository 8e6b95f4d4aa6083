/** A compute worker with extra tasks for the pool's tests: one that kills its thread, one that spins. */
import { serve } from '../../src/compute/serve.js';
import { TASKS } from '../../src/compute/tasks.js';

export const FIXTURE_TASKS = {
  ...TASKS,
  crash: (input: { code: number }): never => process.exit(input.code),
  spin: (input: { ms: number }): { spun: number } => {
    const end = Date.now() + input.ms;
    let spun = 0;
    while (Date.now() < end) spun++;
    return { spun };
  },
};

serve(FIXTURE_TASKS);
