import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Test harness: runs Debian's `redis-server` on a free loopback port in a temp dir.
 * Used by the server store tests, the multi-node integration tests and the server benchmark.
 */

export interface RedisHandle {
  readonly url: string;
  readonly port: number;
  readonly dir: string;
  /** Stops the server and removes its temp dir. */
  stop(): Promise<void>;
  /** Stops the server (SHUTDOWN, so the AOF is flushed) and starts it again on the same port and dir. */
  restart(): Promise<void>;
  /** Kills the server with SIGKILL (no shutdown): a crash. `relaunch()` starts it again on the same port and dir. */
  kill(): Promise<void>;
  relaunch(): Promise<void>;
}

export interface RedisOptions {
  /** Append-only file persistence (needed to survive `restart()`). Default true. */
  readonly appendOnly?: boolean;
  /** More redis-server arguments (e.g. Cluster mode). */
  readonly args?: readonly string[];
  /** The port (default: a free one, tried again with another if it is taken before the server binds it). */
  readonly port?: number;
}

const BINARY = process.env.REDIS_SERVER_BIN ?? 'redis-server';

/** Servers still running: killed if the test process exits without stopping them. */
const live = new Set<ChildProcess>();
process.once('exit', () => {
  for (const p of live) p.kill('SIGKILL');
});

/** Whether the redis-server binary can be run. */
export function redisAvailable(): boolean {
  const r = spawnSync(BINARY, ['--version'], { stdio: 'ignore' });
  return r.status === 0;
}

/**
 * For `describe.skipIf(skipWithoutRedis())`: true (skip, with a visible message) when the binary
 * is missing; under CI it throws instead, so the suite fails rather than silently skipping.
 */
export function skipWithoutRedis(): boolean {
  if (redisAvailable()) return false;
  const msg = `redis-server binary not found (${BINARY}): install the redis-server package`;
  if (process.env.CI) throw new Error(msg);
  console.warn(`SKIPPING Redis tests: ${msg}`);
  return true;
}

export async function freePort(): Promise<number> {
  const [port] = await freePorts(1);
  return port ?? 0;
}

/**
 * `n` distinct free loopback ports: all held open together, then released. (Asked for one at a
 * time, the OS may hand back the port it just released: a Redis Cluster node's own port and its
 * bus port were once the same, and the node failed to start.)
 */
export async function freePorts(n: number): Promise<number[]> {
  const servers = Array.from({ length: n }, () => createServer());
  try {
    return await Promise.all(
      servers.map(
        (srv) =>
          new Promise<number>((resolve, reject) => {
            srv.once('error', reject);
            srv.listen(0, '127.0.0.1', () => {
              const addr = srv.address();
              resolve(typeof addr === 'object' && addr ? addr.port : 0);
            });
          }),
      ),
    );
  } finally {
    await Promise.all(servers.map((srv) => new Promise<void>((resolve) => (srv.listening ? srv.close(() => resolve()) : resolve()))));
  }
}

/** Whether a redis-server that exited failed to bind its port (taken between our check and its start). */
export const portTaken = (e: unknown): boolean => e instanceof Error && e.message.includes('Address already in use');

/**
 * Starts something on `n` distinct free ports; when one of them is taken before it binds it
 * (`portTaken`), starts it again on new ones, 3 tries in all.
 */
export async function onFreePorts<T>(n: number, start: (ports: number[]) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await start(await freePorts(n));
    } catch (e) {
      if (!portTaken(e) || attempt >= 3) throw e;
    }
  }
}

/** Sends one inline command and resolves with the first reply line (e.g. '+PONG'). */
export function command(port: number, cmd: string, timeoutMs = 1000): Promise<string> {
  return new Promise((resolve, reject) => {
    const sock = createConnection({ port, host: '127.0.0.1' });
    let buf = '';
    const timer = setTimeout(() => {
      sock.destroy();
      reject(new Error('redis command timeout'));
    }, timeoutMs);
    sock.on('connect', () => sock.write(`${cmd}\r\n`));
    sock.on('data', (d) => {
      buf += d.toString();
      if (buf.includes('\r\n')) {
        clearTimeout(timer);
        sock.end();
        resolve(buf.slice(0, buf.indexOf('\r\n')));
      }
    });
    sock.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    sock.on('close', () => {
      clearTimeout(timer);
      if (!buf) reject(new Error('connection closed'));
    });
  });
}

async function waitForPing(port: number, proc: ChildProcess, log: () => string): Promise<void> {
  const until = Date.now() + 10_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`redis-server exited (${proc.exitCode}): ${log()}`);
    try {
      if ((await command(port, 'PING')) === '+PONG') return;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error(`redis-server did not answer PING on ${port}: ${log()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

function waitExit(proc: ChildProcess, timeoutMs: number): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      proc.kill('SIGKILL');
    }, timeoutMs);
    proc.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

export async function startRedis(opts: RedisOptions = {}): Promise<RedisHandle> {
  if (!redisAvailable()) throw new Error(`redis-server binary not found (${BINARY})`);
  if (opts.port !== undefined) return startRedisOn(opts.port, opts);
  return onFreePorts(1, ([port]) => startRedisOn(port ?? 0, opts));
}

async function startRedisOn(port: number, opts: RedisOptions): Promise<RedisHandle> {
  const dir = mkdtempSync(join(tmpdir(), 'pcl-redis-'));
  const args = [
    '--port', String(port),
    '--bind', '127.0.0.1',
    '--dir', dir,
    '--save', '',
    '--appendonly', opts.appendOnly === false ? 'no' : 'yes',
    '--appendfsync', 'everysec',
    '--daemonize', 'no',
    '--protected-mode', 'no',
    '--loglevel', 'warning',
    ...(opts.args ?? []),
  ];
  let proc: ChildProcess | null = null;
  let log = '';
  const launch = async (): Promise<void> => {
    log = '';
    const p = spawn(BINARY, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    p.stdout?.on('data', (d: Buffer) => (log = (log + d.toString()).slice(-4000)));
    p.stderr?.on('data', (d: Buffer) => (log = (log + d.toString()).slice(-4000)));
    proc = p;
    live.add(p);
    p.once('exit', () => live.delete(p));
    await waitForPing(port, p, () => log);
  };
  const halt = async (): Promise<void> => {
    const p = proc;
    if (!p) return;
    proc = null;
    // SHUTDOWN flushes the AOF before exiting; fall back to SIGTERM (also a clean shutdown).
    await command(port, 'SHUTDOWN').catch(() => undefined);
    if (p.exitCode === null) p.kill('SIGTERM');
    await waitExit(p, 5000);
  };
  try {
    await launch();
  } catch (e) {
    await halt();
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    dir,
    async stop() {
      await halt();
      rmSync(dir, { recursive: true, force: true });
    },
    async restart() {
      await halt();
      await launch();
    },
    async kill() {
      const p = proc;
      proc = null;
      if (!p) return;
      p.kill('SIGKILL');
      await waitExit(p, 5000);
    },
    async relaunch() {
      if (!proc) await launch();
    },
  };
}
