import { parentPort, workerData } from 'node:worker_threads';
import type { TaskReply, TaskRequest } from './messages.js';
import { bindCancelFlag } from './task-clock.js';
import { lowerThreadPriority, type ThreadPriority } from './thread-priority.js';
import type { TaskMap } from './tasks.js';

/** What the pool hands each worker at its start (worker-pool.ts). */
export interface WorkerSetup {
  /** One Int32 over a SharedArrayBuffer: the running task's cancel flag (task-clock.ts). */
  readonly cancel?: SharedArrayBuffer;
  /** How far the thread lowers its CPU priority (thread-priority.ts); none given: the process's. */
  readonly priority?: ThreadPriority;
}

/** The worker side: runs each request's task and answers its output or the error's message. */
export function serve(tasks: TaskMap): void {
  const port = parentPort;
  if (port === null) throw new Error('serve() runs in a worker thread');
  const setup = (workerData ?? {}) as WorkerSetup;
  if (setup.cancel) bindCancelFlag(new Int32Array(setup.cancel));
  if (setup.priority) lowerThreadPriority(setup.priority);
  port.on('message', (req: TaskRequest) => {
    let reply: TaskReply;
    try {
      const task = Object.hasOwn(tasks, req.kind) ? (tasks[req.kind] as (input: unknown) => unknown) : null;
      if (task === null) throw new Error(`unknown task ${req.kind}`);
      reply = { id: req.id, ok: true, output: task(req.input) };
    } catch (e) {
      reply = { id: req.id, ok: false, message: e instanceof Error ? e.message : String(e) };
    }
    port.postMessage(reply);
  });
}
