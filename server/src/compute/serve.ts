import { parentPort } from 'node:worker_threads';
import type { TaskReply, TaskRequest } from './messages.js';
import type { TaskMap } from './tasks.js';

/** The worker side: runs each request's task and answers its output or the error's message. */
export function serve(tasks: TaskMap): void {
  const port = parentPort;
  if (port === null) throw new Error('serve() runs in a worker thread');
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
