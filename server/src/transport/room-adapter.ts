import { createShardedAdapter } from '@socket.io/redis-adapter';
import type { Namespace, ServerOptions } from 'socket.io';
import type { RedisClient } from '../store/redis-client.js';
import type { AdapterRedis } from './adapter-redis.js';
import { roomChannel, type ShardSubscriber } from './shard-subscriber.js';

type Adapter = Namespace['adapter'];

/** The adapters whose game events the store's commit may publish (adapter-relay.ts), with their uid. */
const relayable = new WeakMap<Adapter, string>();

/** This adapter's uid when a commit may publish its room broadcasts for it; undefined otherwise. */
export const relayUid = (adapter: Adapter): string | undefined => relayable.get(adapter);

/** A room's channel put to other uses than the adapter's broadcasts, on the nodes with an interest in the room only. */
export interface RoomTap {
  /**
   * Hears the other nodes' adapter messages to `room` (its broadcasts) on this node, whether or not
   * a connection here is in the room. Returns the unwatch.
   */
  watch(room: string, listener: (message: Buffer) => void): () => void;
  /**
   * A server-side event (`io.on(event)`, as `serverSideEmit` delivers it) for the nodes with a
   * connection in `room` only, where `serverSideEmit` goes to every node. Fire and forget: a
   * message lost in an outage is lost.
   */
  emitToRoomNodes(room: string, event: string, payload: unknown): void;
}

const taps = new WeakMap<Adapter, RoomTap>();

/** The room tap of an adapter made by `roomAdapter`; undefined for any other. */
export const roomTap = (adapter: Adapter): RoomTap | undefined => taps.get(adapter);

/** socket.io-adapter's `MessageType.SERVER_SIDE_EMIT`. */
const SERVER_SIDE_EMIT = 9;

/**
 * The Socket.IO adapter on one Redis and on a Cluster alike: the Redis adapter's sharded mode
 * (Redis 7 sharded pub/sub, `SPUBLISH`/`SSUBSCRIBE`) with dynamic subscriptions. A broadcast to one
 * room goes to that room's channel, and a node subscribes to a room's channel while it has a member
 * in the room, so a node receives only the broadcasts of rooms it has members in; requests between
 * nodes (`serverSideEmit`, `fetchSockets`, `disconnectSockets`) and broadcasts to several rooms go
 * to the namespace's channel, which every node hears. A join that creates the room here waits for
 * its channel's subscription (see `ShardSubscriber.subscribed`). `relay`: the store's commits
 * publish this adapter's game events (one Redis, adapter-relay.ts).
 */
export function roomAdapter(pub: AdapterRedis | RedisClient, subscriber: ShardSubscriber, relay: boolean): ServerOptions['adapter'] {
  const make = createShardedAdapter(pub, subscriber, { channelPrefix: 'socket.io', subscriptionMode: 'dynamic' });
  const publish = (channel: string, message: string): Promise<unknown> => ('sPublish' in pub ? pub.sPublish(channel, message) : pub.spublish(channel, message));
  // a function, not an arrow: Socket.IO calls the adapter constructor with `new`
  return function sharded(nsp: Namespace) {
    const adapter = make(nsp);
    // the adapter's node id, protected in its typings: what its messages carry as their sender
    const { uid } = adapter as unknown as { readonly uid: string };
    subscriber.adapterCreated(uid, nsp.name);
    const addAll = adapter.addAll.bind(adapter);
    adapter.addAll = (id, rooms) => {
      void addAll(id, rooms);
      return subscriber.subscribed([...rooms].map((room) => roomChannel(nsp.name, room)));
    };
    if (relay) relayable.set(adapter, uid);
    taps.set(adapter, {
      watch: (room, listener) => subscriber.watch(roomChannel(nsp.name, room), listener),
      emitToRoomNodes(room, event, payload) {
        // what the adapter's own serverSideEmit publishes, on the room's channel instead of the namespace's
        const message = JSON.stringify({ type: SERVER_SIDE_EMIT, data: { packet: [event, payload] }, uid, nsp: nsp.name });
        // a notice lost (Redis away) costs only the store read it would have saved
        publish(roomChannel(nsp.name, room), message).catch(() => undefined);
      },
    });
    return adapter;
  };
}
