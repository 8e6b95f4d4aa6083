import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, RLWrapperTimeouts, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { RateLimitOptions } from './limit-options.js';
import type { RedisClient } from '../store/redis-client.js';

/**
 * A budget of `points` per `durationSec` per key (rate-limiter-flexible). With a Redis client it is
 * counted in Redis, so every node spends from one budget (one atomic command per consume; a Cluster
 * works, a key is one slot); without, in this process's memory. On Redis:
 * - a key past its budget is blocked in this node's memory for the rest of its window
 *   (`inMemoryBlockOnConsumed`): refusing an abuser again costs no Redis round trip;
 * - while Redis cannot be reached (`rejectIfRedisNotReady`, or no answer within `TIMEOUT_MS`, e.g.
 *   a command sent just as the connection died) the node counts in its own memory with the same
 *   budget (`insuranceLimiter`): an outage neither opens the gates nor refuses everybody, and a
 *   request never waits for the Redis client's own retries and timeout.
 */
const TIMEOUT_MS = 500;

export function sharedLimiter(o: RateLimitOptions, keyPrefix: string, redis: RedisClient | null): RateLimiterAbstract {
  const memory = new RateLimiterMemory({ points: o.points, duration: o.durationSec, keyPrefix });
  if (!redis) return memory;
  const shared = new RateLimiterRedis({
    storeClient: redis,
    points: o.points,
    duration: o.durationSec,
    keyPrefix: `pcl-limit:${keyPrefix}`,
    inMemoryBlockOnConsumed: o.points + 1,
    rejectIfRedisNotReady: true,
    insuranceLimiter: memory,
  });
  return new RLWrapperTimeouts({ limiter: shared, timeoutMs: TIMEOUT_MS, insuranceLimiter: memory });
}

/** Takes one point from `key`: true, or false when its budget is spent (other failures reject). */
export async function tryConsume(limiter: RateLimiterAbstract, key: string): Promise<boolean> {
  try {
    await limiter.consume(key);
    return true;
  } catch (e) {
    if (e instanceof RateLimiterRes) return false;
    throw e;
  }
}
