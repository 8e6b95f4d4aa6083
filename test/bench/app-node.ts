import { createApp } from '../../server/src/app.js';
import type { AbuseLimitOptions } from '../../server/src/config.js';
import { createRedisStore } from '../../server/src/store/redis-store.js';
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
export async function startAppNode(cfg: { redisUrl: string; prefix: string; adapter: boolean }): Promise<FloorServer> {
  const store = createRedisStore(cfg.redisUrl, { prefix: cfg.prefix });
  const app = createApp({
    store,
    ...(cfg.adapter ? { redis: { url: cfg.redisUrl } } : {}),
    rateLimit: { points: 1_000_000, durationSec: 1 },
    abuseLimits: UNLIMITED,
  });
  const address = await app.listen(0, '127.0.0.1');
  return {
    port: address.port,
    async close() {
      await app.close();
      await store.close();
    },
  };
}
