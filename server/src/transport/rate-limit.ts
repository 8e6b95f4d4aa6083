import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { RateLimitOptions } from '../config.js';

/** Per-connection event budget: in Redis when the app has it (shared by every node), else in memory. */
export function createRateLimiter(opts: RateLimitOptions, redis: Redis | null): RateLimiterAbstract {
  const base = { points: opts.points, duration: opts.durationSec, keyPrefix: 'pchess:rl' };
  return redis ? new RateLimiterRedis({ ...base, storeClient: redis }) : new RateLimiterMemory(base);
}

/** True when the event may proceed; a limiter outage lets traffic through rather than locking everyone out. */
export async function allowEvent(limiter: RateLimiterAbstract, key: string): Promise<boolean> {
  try {
    await limiter.consume(key);
    return true;
  } catch (e) {
    return e instanceof Error;
  }
}
