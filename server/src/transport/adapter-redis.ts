import { createClient } from 'redis';

/** A node-redis client: the Socket.IO adapter's publisher and subscriber on one Redis. */
export type AdapterRedis = ReturnType<typeof createClient>;

/**
 * Opens (and starts connecting) a node-redis client for the adapter, from a `redis://` or
 * `rediss://` URL or a Unix socket's absolute path (as REDIS_URL takes them). Reconnection is
 * retried every 50..500 ms, as the ioredis clients do (redis-options.ts). `publisher`: commands
 * are refused at once while disconnected instead of queued (the adapter awaits a broadcast's
 * publish before its local delivery, which must not wait for Redis to come back: a broadcast lost
 * in an outage is made good by the version heartbeat); a subscriber's (re)subscriptions are queued
 * and sent once connected.
 */
export function openAdapterRedis(url: string, publisher: boolean): AdapterRedis {
  const reconnectStrategy = (retries: number): number => Math.min((retries + 1) * 50, 500);
  const client = url.startsWith('/')
    ? createClient({ socket: { path: url, reconnectStrategy }, disableOfflineQueue: publisher })
    : createClient({ url, socket: { reconnectStrategy }, disableOfflineQueue: publisher });
  // a failed first connection is retried by the strategy; its errors reach the client's 'error' listeners
  client.connect().catch(() => undefined);
  return client;
}

/** Resolves when the client is ready (connected, subscriptions made), or after `ms` anyway. */
export function readyWithin(client: AdapterRedis, ms: number): Promise<void> {
  if (client.isReady) return Promise.resolve();
  return new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      client.off('ready', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    client.on('ready', done);
  });
}

/**
 * Closes a client: its pending commands get `ms` to be answered, then the connection is dropped
 * (while Redis is away a graceful close would wait for it to come back).
 */
export async function closeWithin(client: AdapterRedis, ms: number): Promise<void> {
  if (!client.isOpen) return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([client.close().catch(() => undefined), new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
  if (client.isOpen) client.destroy();
}
