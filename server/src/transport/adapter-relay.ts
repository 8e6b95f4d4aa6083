import { RedisAdapter } from '@socket.io/redis-adapter';
import type { Relay } from '../store/store.js';
import type { AppServer } from './socket-types.js';

/** socket.io-parser's `PacketType.EVENT`: what `emit` broadcasts. */
const EVENT = 2;

/** Builds the relay of one broadcast: an event to a room, but the connection `except`. */
export type RelayOf = (room: string, event: string, payload: unknown, except?: string) => Relay;

/**
 * The Socket.IO Redis adapter's own message for `io.to(room).except(except).emit(event, payload)`,
 * built before the emit, so that the store can publish it atomically with a commit (the commit
 * script's PUBLISH) instead of the node after it: the other nodes get a move the moment it is
 * committed, one round trip sooner, and a node that dies between its commit and its publish loses
 * nothing. The node then emits to its own connections only.
 *
 * The message is what `RedisAdapter.broadcast` (@socket.io/redis-adapter 8) publishes: its parser's
 * encoding of [uid, packet, { rooms, except, flags }] on the namespace channel followed by the
 * room and '#' (a node that has no connection in the room skips it undecoded); adapter-relay.test.ts
 * holds the two byte for byte. Null for any other adapter (the sharded one of a Cluster, none).
 */
export function adapterRelay(io: AppServer): RelayOf | null {
  const adapter = io.of('/').adapter;
  if (!(adapter instanceof RedisAdapter)) return null;
  const { uid, parser } = adapter;
  // The adapter's namespace channel is private in its typings: `${key}#${nsp}#`.
  const channel = (adapter as unknown as { channel: unknown }).channel;
  if (typeof channel !== 'string' || typeof uid !== 'string') return null;
  const nsp = io.of('/').name;
  return (room, event, payload, except) => ({
    channel: `${channel}${room}#`,
    message: parser.encode([
      uid,
      { type: EVENT, data: [event, payload], nsp },
      { rooms: [room], except: except === undefined ? [] : [except], flags: {} },
    ]) as Buffer,
  });
}
