import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import type { RedisClient } from '../store/redis-client.js';

/**
 * One game stream per game and token across nodes: a lease in Redis (`SET NX PX`), renewed while
 * the stream lasts and deleted when it ends; a crashed node's lease lapses after `LEASE_MS`.
 */
export interface StreamLeases {
  /** The release of the lease on `key`, or null when another stream holds it. */
  take(key: string): Promise<(() => void) | null>;
}

const LEASE_MS = 15_000;
const RENEW_MS = LEASE_MS / 3;
const RENEW = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) end return 0";
const RELEASE = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0";

/**
 * Leases in Redis. A lease that cannot be taken because Redis is away is granted (this node's own
 * check of one stream per game and token still holds): an outage does not stop the programs' play.
 */
export function redisStreamLeases(redis: RedisClient, logger: Logger): StreamLeases {
  return {
    async take(key) {
      const k = `pcl-stream:${key}`;
      const mine = randomBytes(9).toString('base64url');
      try {
        if ((await redis.set(k, mine, 'PX', LEASE_MS, 'NX')) === null) return null;
      } catch (e) {
        logger.warn({ err: e }, 'api stream lease: Redis unavailable, granted locally');
        return () => undefined;
      }
      const quiet = (e: unknown): void => logger.debug({ err: e }, 'api stream lease');
      const timer = setInterval(() => void redis.eval(RENEW, 1, k, mine, LEASE_MS).catch(quiet), RENEW_MS);
      timer.unref();
      return () => {
        clearInterval(timer);
        void redis.eval(RELEASE, 1, k, mine).catch(quiet);
      };
    },
  };
}
