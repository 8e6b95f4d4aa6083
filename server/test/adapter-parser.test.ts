import msgpack from 'notepack.io';
import { describe, expect, it } from 'vitest';
import { skipOwnBroadcasts } from '../src/transport/adapter-parser.js';

const packet = { type: 2, data: ['game:event', { gameId: 'g1', version: 3, event: { type: 'move', uci: 'e2e4' } }], nsp: '/' };
const opts = { rooms: ['game:g1'], except: [], flags: {} };

describe('the adapter parser that skips its own broadcasts', () => {
  it('encodes as notepack does, so other nodes (and the default parser) read it', () => {
    const p = skipOwnBroadcasts();
    const buf = p.encode(['abc123', packet, opts]);
    expect(buf.equals(msgpack.encode(['abc123', packet, opts]) as Buffer)).toBe(true);
    expect(skipOwnBroadcasts().decode(buf)).toEqual(['abc123', packet, opts]);
  });

  it('answers its node\'s own broadcast with the sender id alone, and decodes any other message whole', () => {
    const p = skipOwnBroadcasts();
    const own = p.encode(['abc123', packet, opts]);
    expect(p.decode(own)).toEqual(['abc123']);
    // another node's broadcast, its uid differing in the last character only
    expect(p.decode(msgpack.encode(['abc124', packet, opts]) as Buffer)).toEqual(['abc124', packet, opts]);
    // requests between nodes are objects, with the uid inside
    const request = { uid: 'abc123', requestId: 'r1', type: 3, opts: { rooms: [] } };
    expect(p.decode(p.encode(request))).toEqual(request);
  });

  it('drops a message that is not msgpack instead of throwing (the adapter would not catch it)', () => {
    const p = skipOwnBroadcasts();
    for (const bad of [Buffer.from([0x93, 0xa6, 0x61]), Buffer.from([0xc1]), Buffer.concat([msgpack.encode(['x', 1, 2]) as Buffer, Buffer.from([0x01])])]) {
      expect(p.decode(bad)).toEqual([]);
    }
  });

  it('knows the uid of every namespace\'s adapter it encoded for', () => {
    const p = skipOwnBroadcasts();
    const a = p.encode(['uidA01', packet, opts]);
    const b = p.encode(['uidB02', packet, opts]);
    expect(p.decode(a)).toEqual(['uidA01']);
    expect(p.decode(b)).toEqual(['uidB02']);
  });
});
