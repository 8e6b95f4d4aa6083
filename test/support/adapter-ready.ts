import { Cluster } from 'ioredis';
import type { RedisClient } from '../../server/src/store/redis-client.js';

/**
 * Waits until `nodes` Socket.IO Redis adapters are subscribed (after nodes start, or after a Redis
 * restart): before that, a broadcast from one node does not reach the other's connections.
 */
export async function waitForAdapter(client: RedisClient, nodes = 2): Promise<void> {
  const until = Date.now() + 15_000;
  for (;;) {
    if ((await adapterSubscribers(client).catch(() => 0)) >= nodes) return;
    if (Date.now() > until) throw new Error('Socket.IO Redis adapter did not resubscribe');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Adapters subscribed to the namespace's channel (sharded pub/sub, on one Redis or a Cluster). */
async function adapterSubscribers(client: RedisClient): Promise<number> {
  if (client instanceof Cluster) {
    // The channel lives on the node that owns its slot: sum over the masters.
    const counts = await Promise.all(
      client.nodes('master').map(async (n) => Number(((await n.call('PUBSUB', 'SHARDNUMSUB', 'socket.io#/#')) as [string, number])[1])),
    );
    return counts.reduce((a, b) => a + b, 0);
  }
  return Number(((await client.call('PUBSUB', 'SHARDNUMSUB', 'socket.io#/#')) as [string, number])[1]);
}
