import { spawnSync } from 'node:child_process';
import { readFileSync, readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/**
 * How a compute thread gives the CPU back to the event loop. Nice 19 alone is not enough under
 * Linux's EEVDF scheduler: a search that holds a core keeps it until its time slice is used (some
 * 1-3 ms) even when the event loop wakes with a move to answer. A SCHED_IDLE thread is preempted at
 * once by any normal thread that wakes, and only runs on CPU nothing else wants. Node has no call
 * for a thread's scheduling policy, so it is set with util-linux's `chrt` on this thread's id (an
 * unprivileged thread may lower itself to SCHED_IDLE). Wherever that is missing the thread keeps
 * nice 19.
 */
export interface ThreadPriority {
  /** Niceness (19 the lowest), or null to keep the process's. */
  readonly nice: number | null;
  /** Ask for SCHED_IDLE as well (Linux). */
  readonly idle: boolean;
}

/**
 * Fields `ns` (numbered from 1, as proc(5) does) of a `/proc/.../stat` file, or null where there is
 * none. The command name (field 2, in parentheses) may hold spaces: fields 3.. follow its last ')'.
 */
export function procStatFields(path: string, ns: readonly number[]): number[] | null {
  try {
    const stat = readFileSync(path, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const values = ns.map((n) => Number(fields[n - 3]));
    return values.every(Number.isInteger) ? values : null;
  } catch {
    return null;
  }
}

/** This thread's scheduling policy as Linux numbers it (0 normal, 3 batch, 5 idle), or null elsewhere. */
export const threadPolicy = (): number | null => procStatFields('/proc/thread-self/stat', [41])?.[0] ?? null;

export const SCHED_IDLE = 5;

/** Lowers the calling thread's priority as asked (what is not permitted or not supported here is skipped). */
export function lowerThreadPriority(p: ThreadPriority): void {
  if (p.nice !== null) {
    try {
      // pid 0 is the calling thread on Linux.
      setPriority(0, p.nice);
    } catch {
      // Not permitted or not supported here: the thread keeps the process's priority.
    }
  }
  if (p.idle && process.platform === 'linux') {
    try {
      const tid = readlinkSync('/proc/thread-self').split('/').pop() ?? '';
      if (/^\d+$/.test(tid)) spawnSync('chrt', ['--idle', '-p', '0', tid], { stdio: 'ignore', timeout: 2_000 });
    } catch {
      // No /proc or no chrt: nice alone.
    }
  }
}
