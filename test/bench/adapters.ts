import { createAdapter as createStreamsAdapter } from '@socket.io/redis-streams-adapter';
import { Redis } from 'ioredis';
import type { Server } from 'socket.io';

/**
 * The cross-node adapter a benchmark node uses: `pubsub` (@socket.io/redis-adapter, what the game
 * server ships) or `streams` (@socket.io/redis-streams-adapter, measured against it: BENCH_ADAPTER=streams).
 */
export type AdapterKind = 'pubsub' | 'streams';

export function adapterKind(): AdapterKind {
  return process.env.BENCH_ADAPTER === 'streams' ? 'streams' : 'pubsub';
}

/** Puts the Redis Streams adapter on `io`; resolves to a function that closes its Redis client. */
export function useStreamsAdapter(io: Server, redisUrl: string, prefix: string): () => Promise<void> {
  const client = new Redis(redisUrl);
  io.adapter(createStreamsAdapter(client, { streamName: `${prefix}socket.io`, channelPrefix: `${prefix}socket.io` }));
  return async () => {
    await client.quit().catch(() => client.disconnect());
  };
}
