import { Decoder, Encoder, PacketType } from 'socket.io-parser';

/**
 * A Socket.IO parser for bench:arena's 1,000 clients in one process: the same wire format, but a
 * `tournament:update` is not JSON-parsed whole (hundreds of KiB each, to every client every second,
 * would make the one bench process the bottleneck). The client gets `{ id, version }` read from the
 * packet's head; every other packet is decoded as usual.
 */
const HEAD = '2["tournament:update",';
const FIELDS = /^\{"id":"([^"]+)","version":(\d+),/;

export interface SkimmedUpdate {
  readonly id: string;
  readonly version: number;
  /** The packet's length in characters (the whole update's JSON). */
  readonly chars: number;
}

class SkimmingDecoder extends Decoder {
  override add(obj: unknown): void {
    if (typeof obj === 'string' && obj.startsWith(HEAD)) {
      const m = FIELDS.exec(obj.slice(HEAD.length, HEAD.length + 200));
      if (m) {
        const update: SkimmedUpdate = { id: m[1] ?? '', version: Number(m[2]), chars: obj.length };
        this.emitReserved('decoded', { type: PacketType.EVENT, nsp: '/', data: ['tournament:update', update] });
        return;
      }
    }
    super.add(obj);
  }
}

/** For `io(url, { parser })`. */
export const skimmingParser = { Encoder, Decoder: SkimmingDecoder };
