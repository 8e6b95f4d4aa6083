import msgpack from 'notepack.io';
import { describe, expect, it } from 'vitest';
import { adapterParser } from '../src/transport/adapter-parser.js';

const packet = { type: 2, data: ['game:event', { gameId: 'g1', version: 3, event: { type: 'move', uci: 'e2e4' } }], nsp: '/' };
const opts = { rooms: ['game:g1'], except: [], flags: {} };
const request = { uid: 'abc123', requestId: 'r1', type: 3, opts: { rooms: [] } };

describe('the adapter parser', () => {
  it('writes a broadcast without binary data as JSON, and reads it back whole on another node', () => {
    const buf = adapterParser().encode(['abc123', packet, opts]);
    expect(buf.toString()).toBe(JSON.stringify(['abc123', packet, opts]));
    expect(adapterParser().decode(buf)).toEqual(['abc123', packet, opts]);
  });

  it('keeps msgpack for a broadcast with binary data (nested anywhere) and for requests, as notepack writes them', () => {
    const binary = { ...packet, data: ['file', { parts: [{ bytes: Buffer.from([1, 2, 3]) }] }] };
    const p = adapterParser();
    const a = p.encode(['abc123', binary, opts]);
    expect(a.equals(msgpack.encode(['abc123', binary, opts]) as Buffer)).toBe(true);
    expect(adapterParser().decode(a)).toEqual(['abc123', binary, opts]);
    expect(p.encode(request).equals(msgpack.encode(request) as Buffer)).toBe(true);
    expect(adapterParser().decode(p.encode(request))).toEqual(request);
    const typed = { ...packet, data: ['x', new Uint8Array([9])] };
    expect(p.encode(['abc123', typed, opts])[0]).toBe(0x93);
  });

  it('reads what the default codec (notepack) writes', () => {
    const p = adapterParser();
    expect(p.decode(msgpack.encode(['abc124', packet, opts]) as Buffer)).toEqual(['abc124', packet, opts]);
    expect(p.decode(msgpack.encode(request) as Buffer)).toEqual(request);
  });

  it("answers its node's own broadcast, in either encoding, with the sender id alone", () => {
    const p = adapterParser();
    const own = p.encode(['abc123', packet, opts]);
    expect(p.decode(own)).toEqual(['abc123']);
    expect(p.decode(msgpack.encode(['abc123', packet, opts]) as Buffer)).toEqual(['abc123']);
    // another node's broadcast, its uid differing in the last character only
    expect(p.decode(Buffer.from(JSON.stringify(['abc124', packet, opts])))).toEqual(['abc124', packet, opts]);
    expect(p.decode(msgpack.encode(['abc124', packet, opts]) as Buffer)).toEqual(['abc124', packet, opts]);
    // a uid that only starts with this node's
    expect(p.decode(Buffer.from(JSON.stringify(['abc1234', packet, opts])))).toEqual(['abc1234', packet, opts]);
    // requests between nodes are objects, with the uid inside: decoded whole
    expect(p.decode(p.encode(request))).toEqual(request);
  });

  it('drops a message that decodes in neither encoding instead of throwing (the adapter would not catch it)', () => {
    const p = adapterParser();
    for (const bad of [Buffer.from('[not json'), Buffer.from([0x93, 0xa6, 0x61]), Buffer.from('["x", 1')]) {
      expect(p.decode(bad)).toEqual([]);
    }
  });

  it("knows the uid of every namespace's adapter it encoded for", () => {
    const p = adapterParser();
    const a = p.encode(['uidA01', packet, opts]);
    const b = p.encode(['uidB02', packet, opts]);
    expect(p.decode(a)).toEqual(['uidA01']);
    expect(p.decode(b)).toEqual(['uidB02']);
  });
});
