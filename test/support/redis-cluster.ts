import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { onFreePorts, redisAvailable, startRedis, type RedisHandle } from './redis-server.js';

/**
 * Test harness: a real local Redis Cluster of `masters` redis-server processes (no replicas), each
 * in its own temp dir with its own cluster config file, joined with `redis-cli --cluster create`.
 * Used by the store contract and the multi-node tests in Cluster mode.
 */

export interface RedisClusterHandle {
  /** Seed nodes, `127.0.0.1:port`, for REDIS_CLUSTER_NODES / `{ clusterNodes }`. */
  readonly nodes: readonly string[];
  /** Stops every node and removes their temp dirs. */
  stop(): Promise<void>;
  /** Restarts every node (AOF and nodes.conf kept), then waits for the cluster to be ok again. */
  restart(): Promise<void>;
}

const CLI = process.env.REDIS_CLI_BIN ?? 'redis-cli';
const run = promisify(execFile);

export function redisClusterAvailable(): boolean {
  return redisAvailable() && spawnSync(CLI, ['--version'], { stdio: 'ignore' }).status === 0;
}

/** Like `skipWithoutRedis`, for the Cluster suites (they also need redis-cli): under CI a missing binary fails. */
export function skipWithoutRedisCluster(): boolean {
  if (redisClusterAvailable()) return false;
  const msg = `redis-server or ${CLI} not found: install the redis-server and redis-tools packages`;
  if (process.env.CI) throw new Error(msg);
  console.warn(`SKIPPING Redis Cluster tests: ${msg}`);
  return true;
}

async function clusterOk(ports: readonly number[]): Promise<boolean> {
  for (const port of ports) {
    const r = await run(CLI, ['-p', String(port), 'cluster', 'info'], { timeout: 2000 }).catch(() => null);
    if (!r?.stdout.includes('cluster_state:ok')) return false;
  }
  return true;
}

async function waitClusterOk(ports: readonly number[], timeoutMs = 20_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await clusterOk(ports))) {
    if (Date.now() > until) throw new Error(`redis cluster on ${ports.join(',')} did not reach cluster_state:ok`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * One cluster node. Its bus gets a free port of its own (the default, port + 10000, may be taken or
 * invalid), distinct from the node's port; both are chosen again if either is taken before it binds.
 */
function startClusterNode(): Promise<RedisHandle> {
  return onFreePorts(2, ([port, busPort]) => {
    const args = ['--cluster-enabled', 'yes', '--cluster-config-file', 'nodes.conf', '--cluster-port', String(busPort)];
    return startRedis({ ...(port === undefined ? {} : { port }), args: [...args, '--cluster-node-timeout', '3000'] });
  });
}

export async function startRedisCluster(masters = 3): Promise<RedisClusterHandle> {
  if (!redisClusterAvailable()) throw new Error(`redis-server or ${CLI} not found`);
  const servers: RedisHandle[] = [];
  try {
    for (let i = 0; i < masters; i++) servers.push(await startClusterNode());
    const nodes = servers.map((s) => `127.0.0.1:${s.port}`);
    await run(CLI, ['--cluster', 'create', ...nodes, '--cluster-replicas', '0', '--cluster-yes'], { timeout: 30_000 });
    const ports = servers.map((s) => s.port);
    await waitClusterOk(ports);
    return {
      nodes,
      async stop() {
        await Promise.all(servers.map((s) => s.stop()));
      },
      async restart() {
        await Promise.all(servers.map((s) => s.restart()));
        await waitClusterOk(ports);
      },
    };
  } catch (e) {
    await Promise.allSettled(servers.map((s) => s.stop()));
    throw e;
  }
}
