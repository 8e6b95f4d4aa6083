import type { Relay } from '../store/store.js';
import { relayUid } from './room-adapter.js';
import { roomChannel } from './shard-subscriber.js';
import type { AppServer } from './socket-types.js';

/** socket.io-adapter's `MessageType.BROADCAST` and socket.io-parser's `PacketType.EVENT`. */
const BROADCAST = 3;
const EVENT = 2;

/** Builds the relay of one broadcast: an event to a room, but the connection `except`. */
export type RelayOf = (room: string, event: string, payload: unknown, except?: string) => Relay;

/**
 * The Socket.IO Redis adapter's own message for `io.to(room).except(except).emit(event, payload)`,
 * built before the emit, so that the store can publish it atomically with a commit (the commit
 * script's SPUBLISH) instead of the node after it: the other nodes get a move the moment it is
 * committed, one round trip sooner, and a node that dies between its commit and its publish loses
 * nothing. The node then emits to its own connections only.
 *
 * The message is what the sharded adapter (@socket.io/redis-adapter 8, socket.io-adapter's
 * `ClusterAdapter.broadcast`) publishes: the JSON of { type, data: { packet, opts }, uid, nsp } on
 * the room's own channel, which only the nodes with a member in the room subscribe to
 * (room-adapter.ts); adapter-relay.test.ts holds the two byte for byte. Null for any other adapter
 * (the one of a Cluster, whose channels are not in a game's slot; none).
 */
export function adapterRelay(io: AppServer): RelayOf | null {
  const nsp = io.of('/');
  const uid = relayUid(nsp.adapter);
  if (uid === undefined) return null;
  return (room, event, payload, except) => ({
    channel: roomChannel(nsp.name, room),
    message: Buffer.from(
      JSON.stringify({
        type: BROADCAST,
        data: {
          packet: { type: EVENT, data: [event, payload] },
          opts: { rooms: [room], except: except === undefined ? [] : [except], flags: {} },
        },
        uid,
        nsp: nsp.name,
      }),
    ),
  });
}

/**
 * The game version in another node's adapter message to a game's room: the `version` of the
 * broadcast event's payload (a game event, a presence record), or null for anything else (a
 * payload without one, a message the adapter encoded as MessagePack: binary data, never ours).
 */
export function broadcastVersion(message: Buffer): number | null {
  if (message[0] !== 0x7b) return null;
  let m: unknown;
  try {
    m = JSON.parse(message.toString());
  } catch {
    return null;
  }
  if (!isRecord(m) || m.type !== BROADCAST || !isRecord(m.data) || !isRecord(m.data.packet)) return null;
  const args = m.data.packet.data;
  const payload: unknown = Array.isArray(args) ? args[1] : undefined;
  return isRecord(payload) && typeof payload.version === 'number' ? payload.version : null;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
