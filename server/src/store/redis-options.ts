import type { RedisOptions } from 'ioredis';

/**
 * ioredis settings for every client the server opens (store, adapter publisher and subscriber),
 * chosen for outages: a command waits at most `commandTimeout` (queued while disconnected, then
 * rejected, so a request is answered `unavailable` instead of hanging), and reconnection is
 * retried every 50..500 ms (not ioredis' default back-off to 2 s), so service resumes within
 * half a second of Redis coming back.
 */
export const REDIS_CLIENT_OPTIONS = {
  maxRetriesPerRequest: 3,
  commandTimeout: 2_000,
  retryStrategy: (times: number): number => Math.min(times * 50, 500),
} satisfies RedisOptions;
