import type { Logger } from 'pino';
import type { ServerOptions } from 'socket.io';
import type { AppDeps } from '../config.js';
import { openRedis, type RedisClient } from '../store/redis-client.js';
import { throttledWarning } from '../throttled-log.js';
import { closeWithin, openAdapterRedis, readyWithin, type AdapterRedis } from './adapter-redis.js';
import { guardPublishes } from './publish-guard.js';
import { roomAdapter } from './room-adapter.js';
import { ioredisSubscriber, nodeRedisSubscriber, shardSubscriber, type AdapterTraffic } from './shard-subscriber.js';

/** The adapter's traffic on this node: what its subscriber received, and what its publisher sent. */
export interface AdapterCounts extends AdapterTraffic {
  readonly published: number;
}

/**
 * The app's Redis clients beside the store's. `commands` (ioredis, like the store): the shared
 * limits, the API's stream leases and presence. The Socket.IO adapter's publisher and subscriber:
 * on one Redis node-redis clients (the `redis` package, the client the adapter's sharded mode is
 * documented and tested with); on a Cluster ioredis, whose `shardedSubscribers` keep one
 * subscriber per shard and follow slot moves.
 */
export interface RedisClients {
  readonly commands: RedisClient;
  readonly adapter: ServerOptions['adapter'];
  /** The adapter's subscriber client: the node catches up each time it is ready again (redis-recovery.ts). */
  readonly subscriber: AdapterRedis | RedisClient;
  traffic(): AdapterCounts;
  /** Resolves once the adapter's clients are connected (at most `ms` later). */
  ready(ms: number): Promise<void>;
  close(): Promise<void>;
}

/** The clients from the app's dependencies (opened from a URL or Cluster seeds), their failures logged, not thrown; null without Redis. */
export function redisClients(deps: AppDeps): RedisClients | null {
  if (!deps.redis) return null;
  const { logger } = deps;
  const subscriptionFailed = throttledWarning(logger, 'adapter (un)subscribe failed');
  let published = 0;
  if ('url' in deps.redis) {
    const { url } = deps.redis;
    // Auto-pipelining on the commands client: the commands of one event-loop tick go out in one write.
    const commands = openRedis(url);
    const pub = openAdapterRedis(url, true);
    const sub = openAdapterRedis(url, false);
    reportOutages(commands, 'client', logger);
    reportOutages(pub, 'publisher', logger);
    reportOutages(sub, 'subscriber', logger);
    const sPublish = pub.sPublish.bind(pub);
    // counted where the adapter calls it (its typings make the method read-only)
    Object.defineProperty(pub, 'sPublish', {
      value: (...args: Parameters<typeof sPublish>) => {
        published++;
        return sPublish(...args);
      },
    });
    const subscriber = shardSubscriber(nodeRedisSubscriber(sub), subscriptionFailed);
    return {
      commands,
      adapter: roomAdapter(pub, subscriber, true),
      subscriber: sub,
      traffic: () => ({ ...subscriber.traffic(), published }),
      ready: async (ms) => {
        await Promise.all([readyWithin(pub, ms), readyWithin(sub, ms)]);
      },
      async close() {
        await Promise.allSettled([commands.quit(), closeWithin(pub, 1_000), closeWithin(sub, 1_000)]);
      },
    };
  }
  const pub = openRedis(deps.redis);
  const sub = openRedis(deps.redis, true);
  reportOutages(pub, 'publisher', logger);
  reportOutages(sub, 'subscriber', logger);
  guardPublishes(pub, throttledWarning(logger, 'adapter publish failed (Redis unreachable?)'));
  const spublish = pub.spublish.bind(pub);
  pub.spublish = ((...args: Parameters<typeof spublish>) => {
    published++;
    return spublish(...args);
  }) as typeof pub.spublish;
  const subscriber = shardSubscriber(ioredisSubscriber(sub), subscriptionFailed);
  return {
    commands: pub,
    adapter: roomAdapter(pub, subscriber, false),
    subscriber: sub,
    traffic: () => ({ ...subscriber.traffic(), published }),
    ready: () => Promise.resolve(),
    async close() {
      await Promise.allSettled([pub.quit(), sub.quit()]);
    },
  };
}

/** What `reportOutages` listens to: an ioredis or a node-redis client. */
interface Reporting {
  on(event: 'error', listener: (e: Error) => void): unknown;
  on(event: 'ready', listener: () => void): unknown;
}

/**
 * A Redis client's outage in the log: its connection errors (several a second while it retries) at
 * most one warning per 5 s with the count it stands for, and one line when the connection is back.
 */
export function reportOutages(client: Reporting, role: string, logger: Logger | undefined): void {
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
