import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import type { RedisClient } from '../store/redis-client.js';

/**
 * The cap on a token's open streams counted on every node: each open stream is an entry of the
 * token's sorted set in Redis, scored by when it lapses (Redis's own clock), renewed while the
 * stream lasts and removed when it ends; a crashed node's entries lapse after `STREAM_ENTRY_TTL_MS`.
 * Without Redis the node is the whole server and `StreamSlots` (ndjson.ts) counts alone.
 */
export interface StreamCaps {
  /** The release of one more stream of the token, or null when it has `max` open already (on all nodes). */
  take(tokenId: string): Promise<(() => void) | null>;
}

export const STREAM_ENTRY_TTL_MS = 15_000;
const RENEW_MS = STREAM_ENTRY_TTL_MS / 3;

const nowMs = "local t = redis.call('TIME') local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)";
/** KEYS[1] the token's set; ARGV: member, max, ttl. 1: taken, 0: full. */
const TAKE = `${nowMs}
redis.call('zremrangebyscore', KEYS[1], '-inf', now)
if redis.call('zcard', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('zadd', KEYS[1], now + tonumber(ARGV[3]), ARGV[1])
redis.call('pexpire', KEYS[1], ARGV[3])
return 1`;
/** Renews a member still there (a lapsed one is not brought back). */
const RENEW = `${nowMs}
if redis.call('zscore', KEYS[1], ARGV[1]) then
  redis.call('zadd', KEYS[1], 'XX', now + tonumber(ARGV[2]), ARGV[1])
  redis.call('pexpire', KEYS[1], ARGV[2])
end
return 1`;

/**
 * Caps in Redis. A stream that cannot be counted because Redis is away is granted (this node's own
 * cap still holds): an outage does not stop the programs' play.
 */
export function redisStreamCaps(redis: RedisClient, logger: Logger, max: number, ttlMs = STREAM_ENTRY_TTL_MS): StreamCaps {
  const quiet = (e: unknown): void => logger.debug({ err: e }, 'api stream cap');
  return {
    async take(tokenId) {
      const key = `pcl-api-streams:${tokenId}`;
      const member = randomBytes(9).toString('base64url');
      try {
        if (Number(await redis.eval(TAKE, 1, key, member, max, ttlMs)) === 0) return null;
      } catch (e) {
        logger.warn({ err: e }, 'api stream cap: Redis unavailable, counted on this node only');
        return () => undefined;
      }
      const timer = setInterval(() => void redis.eval(RENEW, 1, key, member, ttlMs).catch(quiet), Math.min(RENEW_MS, ttlMs / 3));
      timer.unref();
      return () => {
        clearInterval(timer);
        void redis.zrem(key, member).catch(quiet);
      };
    },
  };
}
