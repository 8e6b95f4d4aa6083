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

/** This thread's scheduling policy as Linux numbers it (0 normal, 3 batch, 5 idle), or null elsewhere. */
export function threadPolicy(): number | null {
  try {
    const stat = readFileSync('/proc/thread-self/stat', 'utf8');
    // Fields after the command name (in parentheses, which may hold spaces): field 3 onwards; policy is field 41.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const policy = Number(fields[41 - 3]);
    return Number.isInteger(policy) ? policy : null;
  } catch {
    return null;
  }
}

export const SCHED_IDLE = 5;

/** Lowers the calling thread's priority as asked; returns the policy it ends with (null: unknown here). */
export function lowerThreadPriority(p: ThreadPriority): number | null {
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
  return threadPolicy();
}
