import type { RedisClient } from '../store/redis-client.js';
import type { AdapterRedis } from './adapter-redis.js';

/**
 * Calls `listener` each time `subscriber` is ready again after losing its connection (not on the
 * first connection). Both clients resubscribe the adapter's channels before they report ready
 * (node-redis: `ready` after its resubscriptions; an ioredis Cluster's sharded subscribers:
 * `subscribersReady`), so whatever is published from then on arrives; what was published while it
 * was away is lost, and the listener is where the node makes its clients catch up.
 */
export function onResubscribed(subscriber: AdapterRedis | RedisClient, listener: () => void): () => void {
  let connectedBefore = 'isReady' in subscriber ? subscriber.isReady : subscriber.status === 'ready';
  const ready = (): void => {
    if (connectedBefore) listener();
    connectedBefore = true;
  };
  const events = ['ready', 'subscribersReady'] as const;
  const emitter = subscriber as unknown as { on(e: string, l: () => void): unknown; off(e: string, l: () => void): unknown };
  for (const e of events) emitter.on(e, ready);
  return () => {
    for (const e of events) emitter.off(e, ready);
  };
}
