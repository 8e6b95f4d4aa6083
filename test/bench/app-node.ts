import { createApp } from '../../server/src/app.js';
import type { AbuseLimitOptions } from '../../server/src/config.js';
import { createRedisStore } from '../../server/src/store/redis-store.js';
import { useStreamsAdapter } from './adapters.js';
import type { FloorServer } from './floor-server.js';

const LOTS = { points: 1_000_000, durationSec: 1 };
/** Every client of the load generator shares one address and may open many connections. */
const UNLIMITED: Partial<AbuseLimitOptions> = {
  connectionsPerIdentity: 1_000_000,
  connectionsPerAddress: 1_000_000,
  handshakesPerAddress: LOTS,
  eventsPerIdentity: LOTS,
  eventsPerAddress: LOTS,
  roomOpsPerIdentity: LOTS,
};

/** The real game server on the Redis store, configured for load (no rate limit to speak of). */
export async function startAppNode(cfg: {
  redisUrl: string;
  prefix: string;
  adapter: boolean;
  adapterKind?: 'pubsub' | 'streams';
}): Promise<FloorServer> {
  const store = createRedisStore(cfg.redisUrl, { prefix: cfg.prefix });
  const streams = cfg.adapter && cfg.adapterKind === 'streams';
  const app = createApp({
    store,
    ...(cfg.adapter && !streams ? { redis: { url: cfg.redisUrl } } : {}),
    rateLimit: { points: 1_000_000, durationSec: 1 },
    abuseLimits: UNLIMITED,
  });
  // The streams adapter replaces the default in-memory one (measurement only: no resubscription hook).
  const closeStreams = streams ? useStreamsAdapter(app.io, cfg.redisUrl, cfg.prefix) : null;
  const address = await app.listen(0, '127.0.0.1');
  return {
    port: address.port,
    async close() {
      await app.close();
      await closeStreams?.();
      await store.close();
    },
  };
}
