import { createInterface } from 'node:readline';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { createEngine, type BotLevel } from '@progressive-chess/shared';
import { intOption, type Args } from './args.js';

/** What the engine's worker thread gets: the level, and the number of the last `go` told to stop (shared memory). */
interface EngineWorkerData {
  readonly pchessEngine: { readonly level: BotLevel; readonly stops: Int32Array };
}
/** The worker's answer to one line. */
interface Answer {
  readonly out: readonly string[];
  readonly quit: boolean;
}

const commandOf = (line: string): string => line.trim().split(/\s+/)[0] ?? '';

/**
 * `pchess engine [--level 1|2|3]`: the project's computer player speaking the engine protocol
 * (docs/engine-protocol.md) on stdin/stdout, one command per line. The session runs in a worker
 * thread, so lines are read while it searches: `stop` ends the running search at once (it answers
 * its best series so far). Resolves with the exit code when `quit` is read or stdin ends (after
 * the answers to every line read).
 */
export function engineCommand(args: Args): Promise<number> {
  const level = (intOption(args, 'level', 1, 3) ?? 2) as BotLevel;
  const stops = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(new URL(import.meta.url), { workerData: { pchessEngine: { level, stops } } satisfies EngineWorkerData });
  const lines = createInterface({ input: process.stdin, terminal: false });
  let gos = 0;
  let quitting = false;
  return new Promise((resolve, reject) => {
    const done = (): void => {
      lines.close();
      void worker.terminate();
      resolve(0);
    };
    worker.on('message', (a: Answer) => {
      for (const l of a.out) process.stdout.write(`${l}\n`);
      if (a.quit) done();
    });
    worker.on('error', reject);
    lines.on('line', (line) => {
      if (quitting) return;
      const command = commandOf(line);
      // the n-th `go` is stopped by a `stop` read after it (the worker numbers its `go`s the same way)
      if (command === 'go') gos++;
      if (command === 'stop') Atomics.store(stops, 0, gos);
      if (command === 'quit') quitting = true;
      worker.postMessage(line);
    });
    // stdin ended: the lines read are answered, then the worker quits
    lines.on('close', () => {
      if (quitting) return;
      quitting = true;
      worker.postMessage('quit');
    });
  });
}

/** The worker thread's side: one engine session, a line per message, its answer per line. */
function serveEngine(data: EngineWorkerData['pchessEngine'], port: NonNullable<typeof parentPort>): void {
  let current = 0;
  const engine = createEngine({ level: data.level, now: () => performance.now(), random: Math.random, stopped: () => Atomics.load(data.stops, 0) >= current });
  port.on('message', (line: string) => {
    if (commandOf(line) === 'go') current++;
    port.postMessage(engine.handle(line) satisfies Answer);
  });
}

const data = isMainThread ? null : (workerData as Partial<EngineWorkerData> | null);
if (data?.pchessEngine && parentPort) serveEngine(data.pchessEngine, parentPort);
