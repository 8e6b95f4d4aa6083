import msgpack from 'notepack.io';
import { EventEmitter } from 'node:events';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type RedisHandle, skipWithoutRedis, startRedis } from '../../test/support/redis-server.js';
import { createRedisStore } from '../src/store/redis-store.js';
import { skipOwnBroadcasts } from '../src/transport/adapter-parser.js';
import { adapterRelay } from '../src/transport/adapter-relay.js';
import { testDoc } from './doc-fixture.js';

/** A stand-in for the adapter's Redis clients: records what it publishes. */
class FakeRedis extends EventEmitter {
  readonly published: [string, Buffer][] = [];
  psubscribe(): Promise<void> {
    return Promise.resolve();
  }
  subscribe(): Promise<void> {
    return Promise.resolve();
  }
  publish(channel: string, message: Buffer): Promise<number> {
    this.published.push([channel, message]);
    return Promise.resolve(0);
  }
}

const payload = { gameId: 'g1', version: 3, event: { type: 'move', uci: 'e2e4', hash: '0badf00d' } };

describe('the relay of a game event is the Redis adapter`s own message for that broadcast', () => {
  for (const [name, parser] of [
    ['the default codec', undefined],
    ['skipOwnBroadcasts', skipOwnBroadcasts()],
  ] as const) {
    it(`byte for byte, with and without an excepted connection (${name})`, () => {
      const pub = new FakeRedis();
      const io = new Server({ adapter: createAdapter(pub, new FakeRedis(), parser ? { parser } : {}) });
      const relayOf = adapterRelay(io);
      if (!relayOf) throw new Error('no relay for the Redis adapter');
      io.to('game:g1').except('sock-1').emit('game:event', payload);
      io.to('game:g1').emit('game:event', payload);
      const [withExcept, plain] = pub.published;
      const a = relayOf('game:g1', 'game:event', payload, 'sock-1');
      const b = relayOf('game:g1', 'game:event', payload);
      expect(a.channel).toBe(withExcept?.[0]);
      expect(a.message.equals(withExcept?.[1] ?? Buffer.alloc(0))).toBe(true);
      expect(b.channel).toBe('socket.io#/#game:g1#');
      expect(b.message.equals(plain?.[1] ?? Buffer.alloc(0))).toBe(true);
    });
  }

  it('a broadcast from another node is delivered here; a malformed one is dropped without a throw', () => {
    const sub = new FakeRedis();
    const io = new Server({ adapter: createAdapter(new FakeRedis(), sub, { parser: skipOwnBroadcasts() }) });
    const adapter = io.of('/').adapter;
    adapter.addAll('sock-9', new Set(['game:g1']));
    const seen: unknown[] = [];
    // the local delivery of a broadcast (the adapter calls its base class's broadcast, which ends here)
    (adapter as unknown as { apply: (opts: { rooms: Set<string> }) => void }).apply = (opts) => void seen.push([...opts.rooms]);
    const message = ['other-node', { type: 2, data: ['game:event', payload], nsp: '/' }, { rooms: ['game:g1'], except: [], flags: {} }];
    // the subscriber client's event, as ioredis emits it: pattern, channel, message
    const deliver = (m: Buffer) => sub.emit('pmessageBuffer', Buffer.from('socket.io#/#*'), Buffer.from('socket.io#/#game:g1#'), m);
    expect(() => deliver(Buffer.from([0x93, 0xa6, 0x61]))).not.toThrow();
    expect(seen).toEqual([]);
    deliver(msgpack.encode(message) as Buffer);
    expect(seen).toEqual([['game:g1']]);
  });

  it('none without a Redis adapter (one node)', () => {
    const io = new Server();
    expect(adapterRelay(io)).toBeNull();
  });
});

describe.skipIf(skipWithoutRedis())('the Redis store publishes a commit`s relay with it', () => {
  let redis: RedisHandle;
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    await redis?.stop();
  });

  it('once the compare-and-set is won, and never for a commit that loses it', async () => {
    const store = createRedisStore(redis.url, { prefix: 'relay:' });
    const sub = new Redis(redis.url);
    const got: string[] = [];
    sub.on('message', (_channel: string, message: string) => got.push(message));
    await sub.subscribe('relay-test');
    try {
      const doc = JSON.stringify(testDoc({ id: 'r1' }));
      await store.createGame('r1', { doc, appendMoves: [], deadline: null, summary: null });
      const relay = (m: string) => ({ channel: 'relay-test', message: Buffer.from(m) });
      const won = await store.commitGame('r1', 1, { doc, appendMoves: ['{"uci":"e2e4"}'], deadline: undefined, summary: undefined, relay: relay('v2') });
      expect(won).toEqual({ ok: true, version: 2, relayed: true });
      const lost = await store.commitGame('r1', 1, { doc, appendMoves: [], deadline: undefined, summary: undefined, relay: relay('stale') });
      expect(lost).toEqual({ ok: false, reason: 'conflict', version: 2 });
      const plain = await store.commitGame('r1', 2, { doc, appendMoves: ['{"uci":"e7e5"}'], deadline: undefined, summary: undefined });
      expect(plain).toEqual({ ok: true, version: 3 });
      // Redis runs commands one at a time: a message published after the commits comes after theirs.
      const marker = new Redis(redis.url);
      await marker.publish('relay-test', 'end');
      marker.disconnect();
      await vi.waitFor(() => expect(got.at(-1)).toBe('end'));
      expect(got).toEqual(['v2', 'end']);
      expect((await store.loadGame('r1'))?.moves).toEqual(['{"uci":"e2e4"}', '{"uci":"e7e5"}']);
    } finally {
      sub.disconnect();
      await store.close();
    }
  });
});
