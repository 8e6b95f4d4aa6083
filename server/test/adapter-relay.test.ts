import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type RedisHandle, skipWithoutRedis, startRedis } from '../../test/support/redis-server.js';
import { createRedisStore } from '../src/store/redis-store.js';
import { adapterRelay } from '../src/transport/adapter-relay.js';
import { testDoc } from './doc-fixture.js';
import { adapterOn, FakePublisher, fakeSubscriber } from './fake-adapter-redis.js';

const payload = { gameId: 'g1', version: 3, event: { type: 'move', uci: 'e2e4', hash: '0badf00d' } };

describe('the relay of a game event is the sharded Redis adapter`s own message for that broadcast', () => {
  it('byte for byte, on the room`s own channel, with and without an excepted connection', async () => {
    const pub = new FakePublisher();
    const io = adapterOn(pub, fakeSubscriber());
    const relayOf = adapterRelay(io);
    if (!relayOf) throw new Error('no relay for the Redis adapter');
    io.to('game:g1').except('sock-1').emit('game:event', payload);
    io.to('game:g1').emit('game:event', payload);
    await vi.waitFor(() => expect(pub.published).toHaveLength(2));
    const [withExcept, plain] = pub.published;
    const a = relayOf('game:g1', 'game:event', payload, 'sock-1');
    const b = relayOf('game:g1', 'game:event', payload);
    expect(a.channel).toBe(withExcept?.[0]);
    expect(a.message.toString()).toBe(withExcept?.[1].toString());
    expect(b.channel).toBe('socket.io#/#game:g1#');
    expect(b.message.toString()).toBe(plain?.[1].toString());
  });

  it('a node subscribes to a room`s channel while it has a member there; another node`s broadcast is delivered, its own dropped undecoded', async () => {
    const sub = fakeSubscriber();
    const io = adapterOn(new FakePublisher(), sub);
    const adapter = io.of('/').adapter;
    const channel = 'socket.io#/#game:g1#';
    expect(sub.listeners.has(channel)).toBe(false);
    await adapter.addAll('sock-9', new Set(['game:g1']));
    expect(sub.listeners.has(channel)).toBe(true);
    const seen: unknown[] = [];
    // the local delivery of a broadcast (the adapter calls its base class's broadcast, which ends here)
    (adapter as unknown as { apply: (opts: { rooms: Set<string> }) => void }).apply = (opts) => void seen.push([...opts.rooms]);
    const own = adapterRelay(io)?.('game:g1', 'game:event', payload);
    if (!own) throw new Error('no relay');
    sub.deliver(channel, own.message);
    expect(seen).toEqual([]);
    sub.deliver(channel, Buffer.from(own.message.toString().replace(/"uid":"[^"]+"/, '"uid":"other-node"')));
    expect(seen).toEqual([['game:g1']]);
    expect(sub.subscriber.traffic()).toEqual({ received: 2, roomMessages: 2 });
    adapter.delAll('sock-9');
    expect(sub.listeners.has(channel)).toBe(false);
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
    sub.on('smessage', (_channel: string, message: string) => got.push(message));
    await sub.ssubscribe('relay-test');
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
      await marker.spublish('relay-test', 'end');
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
