import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './redis-server.js';

/**
 * Test harness: runs Debian's PostgreSQL (`initdb` + `postgres`) on a temp data dir and a free
 * loopback port, as redis-server.ts does for Redis. Postgres refuses to run as root, so as root
 * it runs as the `postgres` user through `runuser`.
 */

export interface PostgresHandle {
  readonly port: number;
  /** A fresh, empty database on this server (one per contract run). */
  createDatabase(): Promise<string>;
  stop(): Promise<void>;
  /** SIGSTOP to the server and every backend: a database that hangs (connections open, nothing answers). */
  freeze(): void;
  /** SIGCONT: the frozen server goes on where it stopped. */
  thaw(): void;
  /** A fast shutdown keeping the data: connections are refused until `resume()`. */
  halt(): Promise<void>;
  /** Starts the halted server again on the same port and data (nothing when it runs). */
  resume(): Promise<void>;
}

/** The folder of initdb/postgres: PG_BIN, else the newest /usr/lib/postgresql/<ver>/bin. */
export function postgresBinDir(): string | null {
  if (process.env.PG_BIN) return existsSync(join(process.env.PG_BIN, 'postgres')) ? process.env.PG_BIN : null;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'postgres')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] === undefined ? null : join(root, versions[0], 'bin');
}

/** For `describe.skipIf(skipWithoutPostgres())`: skips with a message, or throws under CI. */
export function skipWithoutPostgres(): boolean {
  if (postgresBinDir() !== null) return false;
  const msg = 'PostgreSQL binaries not found (/usr/lib/postgresql/<ver>/bin or PG_BIN): install the postgresql package';
  if (process.env.CI) throw new Error(msg);
  console.warn(`SKIPPING PostgreSQL tests: ${msg}`);
  return true;
}

const isRoot = (): boolean => process.getuid?.() === 0;
/** The command line, run as the postgres user when we are root. */
const asOwner = (bin: string, args: string[]): [string, string[]] =>
  isRoot() ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];

const running = (p: ChildProcess): boolean => p.exitCode === null && p.signalCode === null;

/** A server runs in its own process group (runuser, postmaster): signals reach both. */
const signalGroup = (p: ChildProcess, signal: NodeJS.Signals): void => {
  if (p.pid !== undefined && running(p)) process.kill(-p.pid, signal);
};

/** `root` and every process below it, parents first (backends and workers call setsid: no group reaches them). */
function processTree(root: number): number[] {
  const ps = spawnSync('ps', ['-eo', 'pid=,ppid='], { encoding: 'utf8' });
  const children = new Map<number, number[]>();
  for (const line of ps.stdout.split('\n')) {
    const [pid, ppid] = line.trim().split(/\s+/).map(Number);
    if (pid === undefined || ppid === undefined || Number.isNaN(pid)) continue;
    children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  }
  const out: number[] = [];
  const walk = (pid: number): void => {
    out.push(pid);
    for (const c of children.get(pid) ?? []) walk(c);
  };
  walk(root);
  return out;
}

/** Stops (or continues) the whole server: the postmaster first, so it starts no process meanwhile. */
function signalTree(p: ChildProcess, signal: 'SIGSTOP' | 'SIGCONT'): void {
  if (p.pid === undefined || !running(p)) return;
  for (const pid of processTree(p.pid)) {
    try {
      process.kill(pid, signal);
    } catch {
      // gone meanwhile
    }
  }
}

const live = new Set<ChildProcess>();
process.once('exit', () => {
  for (const p of live) signalGroup(p, 'SIGKILL');
});

async function waitReady(url: string, proc: ChildProcess, log: () => string): Promise<void> {
  const until = Date.now() + 30_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`postgres exited (${proc.exitCode}): ${log()}`);
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.query('SELECT 1');
      await client.end();
      return;
    } catch {
      await client.end().catch(() => undefined);
    }
    if (Date.now() > until) throw new Error(`postgres did not accept connections: ${log()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function startPostgres(): Promise<PostgresHandle> {
  const bin = postgresBinDir();
  if (bin === null) throw new Error('PostgreSQL binaries not found');
  const dir = mkdtempSync(join(tmpdir(), 'pcl-pg-'));
  const data = join(dir, 'data');
  if (isRoot()) {
    const ids = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
    chownSync(dir, Number(ids.stdout.trim()), Number(gid.stdout.trim()));
    chmodSync(dir, 0o700);
  }
  const [initCmd, initArgs] = asOwner(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
  const init = spawnSync(initCmd, initArgs, { encoding: 'utf8' });
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr}`);
  const port = await freePort();
  const [cmd, args] = asOwner(join(bin, 'postgres'), [
    '-D', data, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1',
    '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off',
  ]);
  const base = `postgres://postgres@127.0.0.1:${port}`;
  const launch = async (): Promise<ChildProcess> => {
    let log = '';
    const proc = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    proc.stdout?.on('data', (d: Buffer) => (log = (log + d.toString()).slice(-4000)));
    proc.stderr?.on('data', (d: Buffer) => (log = (log + d.toString()).slice(-4000)));
    live.add(proc);
    proc.once('exit', () => live.delete(proc));
    await waitReady(`${base}/postgres`, proc, () => log);
    return proc;
  };
  let proc = await launch();
  const shutdown = async (): Promise<void> => {
    if (!running(proc)) return;
    signalTree(proc, 'SIGCONT');
    const [stopCmd, stopArgs] = asOwner(join(bin, 'pg_ctl'), ['stop', '-D', data, '-m', 'fast', '-w']);
    spawnSync(stopCmd, stopArgs, { stdio: 'ignore', timeout: 10_000 });
    const p = proc;
    await new Promise<void>((resolve) => {
      if (!running(p)) return resolve();
      const t = setTimeout(() => signalGroup(p, 'SIGKILL'), 5000);
      p.once('exit', () => {
        clearTimeout(t);
        resolve();
      });
    });
  };
  let n = 0;
  return {
    port,
    async createDatabase() {
      const name = `t${++n}_${process.pid}`;
      const admin = new pg.Client({ connectionString: `${base}/postgres` });
      await admin.connect();
      try {
        await admin.query(`CREATE DATABASE ${name}`);
      } finally {
        await admin.end();
      }
      return `${base}/${name}`;
    },
    async stop() {
      await shutdown();
      rmSync(dir, { recursive: true, force: true });
    },
    freeze: () => signalTree(proc, 'SIGSTOP'),
    thaw: () => signalTree(proc, 'SIGCONT'),
    halt: shutdown,
    async resume() {
      if (running(proc)) return;
      proc = await launch();
    },
  };
}
