import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { createApp } from '../../server/src/app.js';
import { openDatabase } from '../../server/src/db/open-database.js';
import type { TournamentDeps } from '../../server/src/tournament/compose.js';
import { createRedisStore, type RedisStore } from '../../server/src/store/redis-store.js';
import type { Store } from '../../server/src/store/store.js';
import type { NodeTarget } from './nodes.js';

/**
 * A game-server node in a child process, so that a test can pause it (SIGSTOP) and resume it
 * (SIGCONT) as a whole: event loop, Redis clients and all. Same store prefix and adapter as
 * `startNode`. Run as a script, it starts the node and prints `READY <port>`. With `databaseUrl` it
 * has the durable parts (tournaments among them) on that PostgreSQL database.
 */

/** Where a child's game creations stop: a node frozen in the middle of creating a wave's games. */
export interface StallGameCreation {
  /** The first this many games of the first `createGames` are written, and the call never answers; the others are not written. */
  readonly written: number;
}

export interface ChildNodeOptions {
  /** A Redis URL or Cluster seed nodes. */
  readonly redis: NodeTarget;
  readonly deadlineTickMs?: number;
  readonly heartbeatMs?: number;
  /** A PostgreSQL URL (its schema migrated already): accounts, tournaments and the rest of the durable parts. */
  readonly databaseUrl?: string;
  /** Tournament timers (with `databaseUrl`); `schedule` is left out. */
  readonly tournaments?: Omit<TournamentDeps, 'schedule'>;
  /** The node's clock is `Date.now() + clockOffsetMs` (default 0). */
  readonly clockOffsetMs?: number;
  readonly firstMoveGraceMs?: number;
  /** Game creations stall here (a test then kills the node mid-wave, at a point it chose). */
  readonly stallGameCreation?: StallGameCreation;
}

export interface ChildNode {
  readonly url: string;
  pause(): void;
  resume(): void;
  /** A crash: SIGKILL, no shutdown (its connections vanish without a word); resolves once it is gone. */
  kill(): Promise<void>;
  close(): Promise<void>;
}

export async function startChildNode(opts: ChildNodeOptions): Promise<ChildNode> {
  const file = fileURLToPath(import.meta.url);
  const proc: ChildProcess = spawn(process.execPath, ['--import', 'tsx', file, JSON.stringify(opts)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('child node did not start within 30 s')), 30_000);
    proc.once('exit', (code) => reject(new Error(`child node exited with ${code}`)));
    createInterface({ input: proc.stdout! }).on('line', (line) => {
      if (!line.startsWith('READY ')) return;
      clearTimeout(timer);
      resolve(Number(line.slice(6)));
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pause: () => proc.kill('SIGSTOP'),
    resume: () => proc.kill('SIGCONT'),
    async kill() {
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      const gone = new Promise((r) => proc.once('exit', r));
      proc.kill('SIGKILL');
      await gone;
    },
    async close() {
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      const gone = new Promise((r) => proc.once('exit', r));
      proc.kill('SIGCONT');
      proc.kill('SIGTERM');
      const timer = setTimeout(() => proc.kill('SIGKILL'), 5_000);
      await gone;
      clearTimeout(timer);
    },
  };
}

/** The store as the node sees it: its game creations stall as `stall` says. */
function stalling(store: RedisStore, stall: StallGameCreation): Store {
  return new Proxy(store, {
    get(target, prop, receiver) {
      if (prop === 'createGames') {
        return async (games: Parameters<Store['createGames']>[0]) => {
          await target.createGames(games.slice(0, stall.written));
          return new Promise<never>(() => undefined);
        };
      }
      const v: unknown = Reflect.get(target, prop, receiver);
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
    },
  });
}

async function main(opts: ChildNodeOptions): Promise<void> {
  const store = createRedisStore(opts.redis, { prefix: 'mn:' });
  const database = opts.databaseUrl === undefined ? undefined : await openDatabase({ url: opts.databaseUrl });
  const offset = opts.clockOffsetMs ?? 0;
  const app = createApp({
    store: opts.stallGameCreation ? stalling(store, opts.stallGameCreation) : store,
    redis: typeof opts.redis === 'string' ? { url: opts.redis } : opts.redis,
    deadlineTickMs: opts.deadlineTickMs ?? 50,
    ...(opts.heartbeatMs === undefined ? {} : { heartbeatMs: opts.heartbeatMs }),
    ...(database ? { database } : {}),
    ...(opts.tournaments ? { tournaments: opts.tournaments } : {}),
    ...(offset === 0 ? {} : { now: () => Date.now() + offset }),
    ...(opts.firstMoveGraceMs === undefined ? {} : { firstMoveGraceMs: opts.firstMoveGraceMs }),
  });
  const { port } = await app.listen(0, '127.0.0.1');
  process.stdout.write(`READY ${port}\n`);
  process.once('SIGTERM', () => {
    void app
      .close()
      .then(() => store.close())
      .then(() => database?.close())
      .finally(() => process.exit(0));
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main(JSON.parse(process.argv[2] ?? '{}') as ChildNodeOptions).catch((e: unknown) => {
    process.stderr.write(`child node failed: ${e instanceof Error ? e.stack : String(e)}\n`);
    process.exit(1);
  });
}
