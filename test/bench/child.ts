import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { serverNodeFlags } from '../../scripts/node-flags.mjs';

/** Benchmark processes: each server under test and each load generator runs in its own process. */

const here = (f: string): string => fileURLToPath(new URL(f, import.meta.url));
const root = here('../../');

export interface Child {
  readonly proc: ChildProcess;
  /** Resolves with the first stdout line starting with `prefix` (the rest of the line). */
  next(prefix: string): Promise<string>;
}

const NICE = '/usr/bin/nice';
const CHRT = '/usr/bin/chrt';

/** Whether `child(..., { lowPriority: true })` can lower the priority (Debian's coreutils `nice`). */
export const canNice = existsSync(NICE);
/** Whether it also runs as SCHED_IDLE (util-linux `chrt`). */
export const canIdle = existsSync(CHRT);

/** How `lowPriority` children run, for the reports. */
export const lowPriorityText = canNice ? `lowest CPU priority (nice -n 19${canIdle ? ', SCHED_IDLE' : ''})` : 'normal priority (no nice here)';

/**
 * `lowPriority`: run at the lowest CPU priority (`nice -n 19`, and SCHED_IDLE with `chrt --idle`)
 * when they exist, e.g. an attacker whose CPU is not the server's on a real network. Nice alone is
 * not enough: under EEVDF a niced process that holds a core keeps it for the rest of its slice when
 * the server wakes; a SCHED_IDLE one is preempted at once (as the compute threads, thread-priority.ts).
 */
export function child(file: string, arg: object, onLine?: (line: string) => void, opts: { lowPriority?: boolean } = {}): Child {
  // The server nodes (floor and game server alike) run with the game server's Node flags
  // (scripts/node-flags.mjs, as npm start), BENCH_SERVER_FLAGS=0 without them; the load generators
  // with Node's defaults. BENCH_NODE_ARGS: extra Node flags for the server nodes, e.g. "--cpu-prof
  // --cpu-prof-dir=/tmp/prof".
  const extra = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const flags = process.env.BENCH_SERVER_FLAGS === '0' ? [] : serverNodeFlags();
  const server = file.includes('bench-node') || file.includes('arena-node') ? [...flags, ...extra] : [];
  const node = [process.execPath, ...server, '--import', 'tsx', here(file), JSON.stringify(arg)];
  const low = opts.lowPriority ? [...(canIdle ? [CHRT, '--idle', '0'] : []), ...(canNice ? [NICE, '-n', '19'] : [])] : [];
  const argv = [...low, ...node];
  const proc = spawn(argv[0] ?? process.execPath, argv.slice(1), {
    cwd: root,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const waiting: { prefix: string; resolve: (rest: string) => void }[] = [];
  const exited = new Promise<never>((_, reject) =>
    proc.once('exit', (code) => reject(new Error(`${file} exited with ${code}`))),
  );
  exited.catch(() => undefined);
  createInterface({ input: proc.stdout! }).on('line', (line) => {
    onLine?.(line);
    const i = waiting.findIndex((w) => line.startsWith(w.prefix));
    const w = i >= 0 ? waiting.splice(i, 1)[0] : undefined;
    w?.resolve(line.slice(w.prefix.length).trim());
  });
  return {
    proc,
    next: (prefix) => Promise.race([new Promise<string>((resolve) => waiting.push({ prefix, resolve })), exited]),
  };
}

export async function stopChild(c: Child): Promise<void> {
  if (c.proc.exitCode !== null) return;
  const gone = new Promise((r) => c.proc.once('exit', r));
  c.proc.kill('SIGTERM');
  const timer = setTimeout(() => c.proc.kill('SIGKILL'), 5000);
  await gone;
  clearTimeout(timer);
}


/**
 * The child side: when `moduleUrl` is the process entry, runs `main` on the JSON argument, prints
 * `RESULT <json>` and exits (1, with the stack on stderr, when it fails).
 */
export function runAsChild<C, R>(moduleUrl: string, name: string, main: (cfg: C) => Promise<R>): void {
  if (moduleUrl !== `file://${process.argv[1]}`) return;
  main(JSON.parse(process.argv[2] ?? '{}') as C).then(
    (r) => {
      process.stdout.write(`RESULT ${JSON.stringify(r)}\n`);
      process.exit(0);
    },
    (e: unknown) => {
      process.stderr.write(`${name} failed: ${e instanceof Error ? e.stack : String(e)}\n`);
      process.exit(1);
    },
  );
}
