import { Server } from 'socket.io';
import type { AdapterRedis } from '../src/transport/adapter-redis.js';
import { roomAdapter } from '../src/transport/room-adapter.js';
import { type ShardListener, shardSubscriber } from '../src/transport/shard-subscriber.js';

/** A stand-in for the adapter's node-redis publisher: records what it publishes. */
export class FakePublisher {
  readonly published: [string, Buffer][] = [];
  sSubscribe(): Promise<void> {
    return Promise.resolve();
  }
  sPublish(channel: string, message: string | Buffer): Promise<number> {
    this.published.push([channel, Buffer.from(message)]);
    return Promise.resolve(0);
  }
  sendCommand(): Promise<unknown> {
    return Promise.resolve(['socket.io#/#', 1]);
  }
}

/** A stand-in for the subscriber's client: its listeners by channel, its (un)subscriptions, and a way to deliver a message. */
export function fakeSubscriber() {
  const listeners = new Map<string, ShardListener>();
  /** The raw (un)subscriptions, in order: `+channel`, `-channel`. */
  const log: string[] = [];
  const raw = {
    subscribe: (channel: string, listener: ShardListener) => {
      log.push(`+${channel}`);
      listeners.set(channel, listener);
      return Promise.resolve();
    },
    unsubscribe: (channel: string) => {
      log.push(`-${channel}`);
      listeners.delete(channel);
      return Promise.resolve();
    },
    ready: () => true,
  };
  const subscriber = shardSubscriber(raw, (e) => {
    throw e;
  });
  const deliver = (channel: string, message: Buffer): void => listeners.get(channel)?.(message, Buffer.from(channel));
  return { subscriber, listeners, deliver, log };
}

/** A Socket.IO server on the room adapter over these stand-ins. */
export const adapterOn = (pub: FakePublisher, sub: ReturnType<typeof fakeSubscriber>): Server =>
  new Server({ adapter: roomAdapter(pub as unknown as AdapterRedis, sub.subscriber, true) });

