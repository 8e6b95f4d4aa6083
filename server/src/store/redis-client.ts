import { createHash } from 'node:crypto';
import { Cluster, Redis } from 'ioredis';
import './ioredis-pipeline.js';
import { guarded, storeError } from './redis-errors.js';
import { REDIS_CLIENT_OPTIONS } from './redis-options.js';

/** A single Redis or a Redis Cluster (ioredis): the store and the adapter take either. */
export type RedisClient = Redis | Cluster;

/** Where the Redis data lives: a URL, the seed nodes of a Cluster, or a client the caller owns. */
export type RedisTarget = string | { readonly clusterNodes: readonly string[] } | RedisClient;

/** `host:port` seeds, e.g. from REDIS_CLUSTER_NODES="10.0.0.1:7000,10.0.0.2:7000". */
export function parseClusterNodes(list: string): { host: string; port: number }[] {
  return list
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '')
    .map((s) => {
      const i = s.lastIndexOf(':');
      const port = Number(s.slice(i + 1));
      if (i <= 0 || !Number.isInteger(port) || port <= 0) throw new Error(`bad cluster node "${s}" (want host:port)`);
      return { host: s.slice(0, i), port };
    });
}

/**
 * Opens a client. Auto-pipelining sends the commands of one event-loop tick in one write per node
 * (fewer syscalls under load). `subscriber`: a connection for (sharded) pub/sub only.
 */
export function openRedis(target: string | { readonly clusterNodes: readonly string[] }, subscriber = false): RedisClient {
  if (typeof target === 'string') {
    return new Redis(target, { ...REDIS_CLIENT_OPTIONS, enableAutoPipelining: !subscriber });
  }
  return new Cluster(parseClusterNodes(target.clusterNodes.join(',')), {
    enableAutoPipelining: !subscriber,
    // Sharded pub/sub: one subscriber connection per shard, following slot moves.
    shardedSubscribers: subscriber,
    redisOptions: REDIS_CLIENT_OPTIONS,
  });
}

export const isCluster = (c: RedisClient): c is Cluster => c instanceof Cluster;

export interface Script {
  readonly body: string;
  readonly sha: string;
}

export const script = (body: string): Script => ({ body, sha: createHash('sha1').update(body).digest('hex') });

/**
 * EVALSHA, loading the script with EVAL when Redis does not know it (first use, or after a restart).
 * (A plain promise chain, not an async function: one promise less on every commit's path.)
 */
export function runScript(
  redis: RedisClient,
  s: Script,
  keys: readonly string[],
  args: readonly (string | number | Buffer)[],
): Promise<unknown> {
  return redis.evalsha(s.sha, keys.length, ...keys, ...args).catch((e: unknown) => {
    if (!(e instanceof Error) || !e.message.startsWith('NOSCRIPT')) throw storeError(e);
    return guarded(redis.eval(s.body, keys.length, ...keys, ...args));
  });
}

export function strings(reply: unknown): string[] {
  if (!Array.isArray(reply)) throw new Error('unexpected Redis reply');
  return reply.map((x) => String(x));
}
