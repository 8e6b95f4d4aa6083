import msgpack from 'notepack.io';

// notepack's types say `any`: Buffers in Node
const pack = (v: unknown): Buffer => msgpack.encode(v) as Buffer;
const unpack = (b: Buffer): unknown => msgpack.decode(b) as unknown;

/** The Redis adapter's message codec (`createAdapter(pub, sub, { parser })`). */
export interface AdapterParser {
  encode(message: unknown): Buffer;
  decode(message: Buffer): unknown;
}

/**
 * The adapter's own codec (notepack, its default), minus one waste: every node receives its own
 * broadcasts back from Redis, and the adapter decodes each one whole before it sees the sender's
 * id first in it and drops it. A broadcast is `[uid, packet, opts]`; this parser learns its
 * node's uid from the broadcasts it encodes and answers a message that starts with it (the
 * msgpack of a 3-array and that string) with `[uid]` alone, which the adapter drops as before.
 * Requests between nodes (objects) and other nodes' broadcasts are decoded as they were; a message
 * that is not msgpack is dropped, never thrown.
 */
export function skipOwnBroadcasts(): AdapterParser {
  /** The first bytes of this node's broadcasts (one per namespace's adapter). */
  const own: { uid: string; head: Buffer }[] = [];
  return {
    encode(message) {
      if (Array.isArray(message) && message.length === 3 && typeof message[0] === 'string') {
        const uid = message[0];
        if (!own.some((o) => o.uid === uid)) own.push({ uid, head: Buffer.concat([Buffer.from([0x93]), pack(uid)]) });
      }
      return pack(message);
    },
    decode(message) {
      if (!Buffer.isBuffer(message)) return unpack(message);
      for (const o of own) {
        if (message.length > o.head.length && message.compare(o.head, 0, o.head.length, 0, o.head.length) === 0) return [o.uid];
      }
      try {
        return unpack(message);
      } catch {
        // The adapter decodes a broadcast outside any try: a throw here would be an uncaught
        // exception, which stops the node. A message that is not msgpack is dropped instead, as
        // the adapter drops a broadcast without a packet.
        return [];
      }
    },
  };
}
