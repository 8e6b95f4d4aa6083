import { createAdapter, createShardedAdapter } from '@socket.io/redis-adapter';
import type { Logger } from 'pino';
import type { ServerOptions } from 'socket.io';
import type { AppDeps } from '../config.js';
import { isCluster, openRedis, type RedisClient } from '../store/redis-client.js';
import { throttledWarning } from '../throttled-log.js';
import { skipOwnBroadcasts } from './adapter-parser.js';
import { guardPublishes, guardSubscriptions } from './publish-guard.js';

/** The Socket.IO adapter's two Redis clients; `owned` when the app opened them (and quits them at close). */
export interface RedisPair {
  readonly pub: RedisClient;
  readonly sub: RedisClient;
  readonly owned: boolean;
}

/** The adapter's clients from the app's dependencies (given, or opened from a URL), their failures logged, not thrown; null without Redis. */
export function redisClients(deps: AppDeps): RedisPair | null {
  const clients = adapterClients(deps);
  if (clients) {
    guardPublishes(clients.pub, throttledWarning(deps.logger, 'adapter publish failed (Redis unreachable?)'));
    guardSubscriptions(clients.sub, throttledWarning(deps.logger, 'adapter (un)subscribe failed'));
  }
  return clients;
}

function adapterClients(deps: AppDeps): RedisPair | null {
  if (!deps.redis) return null;
  if ('pubClient' in deps.redis) return { pub: deps.redis.pubClient, sub: deps.redis.subClient, owned: false };
  const target = 'url' in deps.redis ? deps.redis.url : deps.redis;
  // Auto-pipelining on the publisher: the broadcasts of one event-loop tick go out in one write.
  const pub = openRedis(target);
  const sub = openRedis(target, true);
  for (const [c, role] of [[pub, 'publisher'], [sub, 'subscriber']] as const) reportOutages(c, role, deps.logger);
  return { pub, sub, owned: true };
}

/**
 * A Redis client's outage in the log: its connection errors (several a second while it retries) at
 * most one warning per 5 s with the count it stands for, and one line when the connection is back.
 */
export function reportOutages(client: RedisClient, role: string, logger: Logger | undefined): void {
  const warn = throttledWarning(logger, `redis ${role}: connection failing`);
  let down = false;
  client.on('error', (e: Error) => {
    down = true;
    warn(e);
  });
  client.on('ready', () => {
    if (down) logger?.info(`redis ${role}: connection back`);
    down = false;
  });
}

/** The Socket.IO adapter: classic pub/sub on one Redis, sharded pub/sub (Redis 7) on a Cluster. */
export function adapterOf(redis: { pub: RedisClient; sub: RedisClient }): ServerOptions['adapter'] {
  return isCluster(redis.pub) ? createShardedAdapter(redis.pub, redis.sub) : createAdapter(redis.pub, redis.sub, { parser: skipOwnBroadcasts() });
}
