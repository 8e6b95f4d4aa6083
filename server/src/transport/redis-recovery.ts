import type { RedisClient } from '../store/redis-client.js';

/**
 * Calls `listener` each time `subscriber` is ready again after losing its connection (not on the
 * first connection). ioredis resubscribes the adapter's channels before it reports `ready`, so
 * whatever is published from then on arrives; what was published while it was away is lost, and
 * the listener is where the node makes its clients catch up.
 */
export function onResubscribed(subscriber: RedisClient, listener: () => void): () => void {
  let connectedBefore = subscriber.status === 'ready';
  const ready = (): void => {
    if (connectedBefore) listener();
    connectedBefore = true;
  };
  // A Cluster's sharded subscribers report `subscribersReady` once they have resubscribed.
  const events = ['ready', 'subscribersReady'] as const;
  for (const e of events) subscriber.on(e, ready);
  return () => {
    for (const e of events) subscriber.off(e, ready);
  };
}
