import { existsSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The data folder of a single node (DATA_DIR): created when missing (with its parents), and
 * locked for this process by a `server.lock` file holding its pid, so that a second server on
 * the same folder stops at start-up instead of writing over the first one's files. A lock left by
 * a process that is gone (a crash, a kill -9, a container restarted) is taken over.
 */
export interface DataDirLock {
  readonly dir: string;
  /** Removes the lock file (if it is still this process's). */
  release(): void;
}

export class DataDirInUseError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `the data folder ${dir} is in use by another server (pid ${pid}); one folder serves one process ` +
        `(several nodes need Redis and PostgreSQL, see the README's "Several nodes"; or give each its own DATA_DIR)`,
    );
    this.name = 'DataDirInUseError';
  }
}

const LOCK_FILE = 'server.lock';

export interface ProcessProbe {
  readonly pid: number;
  /** Whether a process with this pid runs and is a Node.js server (not a pid reused by something else). */
  isServer(pid: number): boolean;
}

/** The Linux probe: the pid is alive and its command line names node; elsewhere alive is enough. */
export const thisMachine: ProcessProbe = {
  pid: process.pid,
  isServer(pid) {
    try {
      process.kill(pid, 0);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EPERM') return false; // ESRCH: no such process
    }
    const cmdline = `/proc/${pid}/cmdline`;
    if (!existsSync(cmdline)) return true;
    try {
      return /node/.test(readFileSync(cmdline, 'utf8'));
    } catch {
      return true;
    }
  },
};

export function lockDataDir(dir: string, probe: ProcessProbe = thisMachine): DataDirLock {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, LOCK_FILE);
  const mine = `${probe.pid}\n`;
  try {
    writeFileSync(path, mine, { flag: 'wx' });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    const holder = Number.parseInt(readFileSync(path, 'utf8'), 10);
    if (Number.isInteger(holder) && holder !== probe.pid && probe.isServer(holder)) throw new DataDirInUseError(dir, holder);
    writeFileSync(path, mine); // left by a process that is gone
  }
  return {
    dir,
    release() {
      try {
        if (readFileSync(path, 'utf8') === mine) unlinkSync(path);
      } catch {
        // already gone
      }
    },
  };
}
