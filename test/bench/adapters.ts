import { createAdapter as createStreamsAdapter } from '@socket.io/redis-streams-adapter';
import { Redis } from 'ioredis';
import type { Server } from 'socket.io';

/**
 * The cross-node adapter a benchmark node uses: `pubsub` (@socket.io/redis-adapter in sharded mode
 * with dynamic subscriptions, what the game server ships), `streams` (@socket.io/redis-streams-adapter,
 * measured against it: BENCH_ADAPTER=streams) or `classic` (the pub/sub adapter's unsharded mode,
 * every broadcast to every node: the floor only, BENCH_ADAPTER=classic BENCH_MODES=floor).
 */
export type AdapterKind = 'pubsub' | 'streams' | 'classic';

const KINDS: readonly AdapterKind[] = ['pubsub', 'streams', 'classic'];

export function adapterKind(): AdapterKind {
  const kind = process.env.BENCH_ADAPTER ?? 'pubsub';
  if (!(KINDS as readonly string[]).includes(kind)) throw new Error(`BENCH_ADAPTER takes ${KINDS.join(', ')}; got "${kind}"`);
  return kind as AdapterKind;
}

/** Puts the Redis Streams adapter on `io`; resolves to a function that closes its Redis client. */
export function useStreamsAdapter(io: Server, redisUrl: string, prefix: string): () => Promise<void> {
  const client = new Redis(redisUrl);
  io.adapter(createStreamsAdapter(client, { streamName: `${prefix}socket.io`, channelPrefix: `${prefix}socket.io` }));
  return async () => {
    await client.quit().catch(() => client.disconnect());
  };
}
