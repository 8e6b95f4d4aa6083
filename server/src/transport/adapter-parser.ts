import msgpack from 'notepack.io';

// notepack's types say `any`: Buffers in Node
const pack = (v: unknown): Buffer => msgpack.encode(v) as Buffer;
const unpack = (b: Buffer): unknown => msgpack.decode(b) as unknown;

/** The Redis adapter's message codec (`createAdapter(pub, sub, { parser })`). */
export interface AdapterParser {
  encode(message: unknown): Buffer;
  decode(message: Buffer): unknown;
}

/** '[': a broadcast written as JSON. Never the first byte of a whole adapter message in msgpack (it is the integer 91 there). */
const JSON_ARRAY = 0x5b;

/** Whether `v` holds binary data anywhere (which only msgpack carries). */
function hasBinary(v: unknown, depth = 0): boolean {
  if (v === null || typeof v !== 'object') return false;
  if (depth > 32 || ArrayBuffer.isView(v) || v instanceof ArrayBuffer) return true;
  if (Array.isArray(v)) {
    for (const x of v) if (hasBinary(x, depth + 1)) return true;
    return false;
  }
  if (typeof (v as { toJSON?: unknown }).toJSON === 'function') return false;
  for (const k in v) if (hasBinary((v as Record<string, unknown>)[k], depth + 1)) return true;
  return false;
}

/** A broadcast `[uid, packet, opts]` (requests between nodes are objects). */
const isBroadcast = (m: unknown): m is [string, unknown, unknown] => Array.isArray(m) && m.length === 3 && typeof m[0] === 'string';

/**
 * The adapter's codec, with two savings on the path every move takes between nodes:
 *
 * - A broadcast whose payload holds no binary data is written as JSON, which V8 writes and reads
 *   several times faster than notepack's msgpack (measured: some 50 us of the two nodes' CPU per
 *   relayed move). The payload reaches the clients as JSON anyway (socket.io-parser), so nothing a
 *   client sees changes. Broadcasts with binary data and the requests between nodes stay msgpack,
 *   and every message the adapter's default codec writes is read as before. A node of an older
 *   version reads msgpack only: the nodes of a deployment are upgraded together (README). A
 *   message that decodes in neither encoding is dropped, never thrown.
 * - Every node receives its own broadcasts back from Redis, and the adapter decodes each one whole
 *   before it sees the sender's id first in it and drops it. This codec learns its node's uid from
 *   the broadcasts it encodes and answers a message that starts with it (in either encoding) with
 *   `[uid]` alone, which the adapter drops as before.
 */
export function adapterParser(): AdapterParser {
  /** The first bytes of this node's broadcasts, in each encoding (one per namespace's adapter). */
  const own: { uid: string; heads: Buffer[] }[] = [];
  const learn = (uid: string): void => {
    if (own.some((o) => o.uid === uid)) return;
    own.push({ uid, heads: [Buffer.concat([Buffer.from([0x93]), pack(uid)]), Buffer.from(`[${JSON.stringify(uid)},`)] });
  };
  const ownUid = (message: Buffer): string | null => {
    for (const o of own) {
      for (const head of o.heads) {
        if (message.length > head.length && message.compare(head, 0, head.length, 0, head.length) === 0) return o.uid;
      }
    }
    return null;
  };
  return {
    encode(message) {
      if (!isBroadcast(message)) return pack(message);
      learn(message[0]);
      return hasBinary(message) ? pack(message) : Buffer.from(JSON.stringify(message));
    },
    decode(message) {
      if (!Buffer.isBuffer(message)) return unpack(message);
      const uid = ownUid(message);
      if (uid !== null) return [uid];
      try {
        return message[0] === JSON_ARRAY ? (JSON.parse(message.toString()) as unknown) : unpack(message);
      } catch {
        // The adapter decodes a broadcast outside any try: a throw here would be an uncaught
        // exception. A message no node of this version writes is dropped as the adapter drops a
        // broadcast without a packet.
        return [];
      }
    },
  };
}
