/**
 * A compute worker with extra tasks for the pool's tests: one that kills its thread, one that spins
 * (blind to cancellation), one that spins on the task clock (stops when cancelled), and one that
 * tells which thread it runs on and at what priority.
 */
import { getPriority } from 'node:os';
import { threadId } from 'node:worker_threads';
import { serve } from '../../src/compute/serve.js';
import { taskClock } from '../../src/compute/task-clock.js';
import { threadPolicy } from '../../src/compute/thread-priority.js';
import { TASKS } from '../../src/compute/tasks.js';

export const FIXTURE_TASKS = {
  ...TASKS,
  crash: (input: { code: number }): never => process.exit(input.code),
  spin: (input: { ms: number }): { spun: number } => {
    const end = Date.now() + input.ms;
    let spun = 0;
    // at least once: a thread at the lowest priority may lose its core for longer than `ms` before
    // its first look at the time (a loaded CI machine), and the tests read `spun > 0` as "it ran"
    do spun++;
    while (Date.now() < end);
    return { spun };
  },
  'clock-spin': (input: { ms: number }): { spun: number } => {
    const start = taskClock();
    let spun = 0;
    while (taskClock() - start < input.ms) spun++;
    return { spun };
  },
  whoami: (_input: Record<string, never>): { threadId: number; nice: number; policy: number | null } => ({
    threadId,
    nice: getPriority(0),
    policy: threadPolicy(),
  }),
};

serve(FIXTURE_TASKS);
