/**
 * The server as `npm start` runs it: the compiled JavaScript of server/dist, not server/src through
 * tsx (whose transform wraps every function in a `__name` call, a cost production does not pay).
 * The benchmarks' server nodes load it from here; `buildServer()` (in the parent) first rebuilds what
 * is stale. The types are those of the sources the build compiles.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export interface BuiltServer {
  readonly createApp: typeof import('../../server/src/app.js').createApp;
  readonly computeFromEnv: typeof import('../../server/src/compute/from-env.js').computeFromEnv;
  readonly openRedis: typeof import('../../server/src/store/redis-client.js').openRedis;
  readonly createMemoryStore: typeof import('../../server/src/store/memory-store.js').createMemoryStore;
  readonly DurableStore: typeof import('../../server/src/store/durable-store.js').DurableStore;
  readonly createRedisStore: typeof import('../../server/src/store/redis-store.js').createRedisStore;
}

/** This checkout's root, or another's (a baseline, bench:server BENCH_BASELINE). */
const THIS_ROOT = fileURLToPath(new URL('../../', import.meta.url));

const loading = new Map<string, Promise<BuiltServer>>();

/** The compiled server of this checkout, or of the checkout at `root` (built there). */
export function loadBuiltServer(root = THIS_ROOT): Promise<BuiltServer> {
  const dist = (file: string): string => pathToFileURL(join(root, 'server/dist', file)).href;
  const known = loading.get(root);
  if (known) return known;
  const load = (async () => {
    const [app, compute, client, memory, redis, durable] = await Promise.all([
      import(dist('app.js')) as Promise<typeof import('../../server/src/app.js')>,
      import(dist('compute/from-env.js')) as Promise<typeof import('../../server/src/compute/from-env.js')>,
      import(dist('store/redis-client.js')) as Promise<typeof import('../../server/src/store/redis-client.js')>,
      import(dist('store/memory-store.js')) as Promise<typeof import('../../server/src/store/memory-store.js')>,
      import(dist('store/redis-store.js')) as Promise<typeof import('../../server/src/store/redis-store.js')>,
      import(dist('store/durable-store.js')) as Promise<typeof import('../../server/src/store/durable-store.js')>,
    ]);
    return {
      createApp: app.createApp,
      computeFromEnv: compute.computeFromEnv,
      openRedis: client.openRedis,
      createMemoryStore: memory.createMemoryStore,
      createRedisStore: redis.createRedisStore,
      DurableStore: durable.DurableStore,
    };
  })();
  loading.set(root, load);
  return load;
}

/** Rebuilds shared and the server when their output is missing or older than their sources (as `npm start` does). */
export function buildServer(): void {
  const script = fileURLToPath(new URL('../../scripts/build-stale.mjs', import.meta.url));
  const r = spawnSync(process.execPath, [script, 'shared', 'server'], { stdio: 'inherit' });
  if (r.status !== 0) throw new Error('building the server failed');
}
