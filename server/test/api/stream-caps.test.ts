import { MAX_STREAMS_PER_TOKEN } from '@progressive-chess/shared';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { type RedisHandle, skipWithoutRedis, startRedis } from '../../../test/support/redis-server.js';
import { redisStreamCaps } from '../../src/api/stream-caps.js';
import { openRedis, type RedisClient } from '../../src/store/redis-client.js';
import { createRedisStore } from '../../src/store/redis-store.js';
import { useDatabase } from '../durable-helpers.js';
import { startServer } from '../helpers.js';
import { api, openStream, register, tokenOf, type Stream } from './api-helpers.js';

const db = useDatabase();
const logger = pino({ level: 'silent' });

describe.skipIf(skipWithoutRedis())("a token's open streams counted on every node (Redis)", () => {
  let redis: RedisHandle;
  const clients: RedisClient[] = [];
  const client = (): RedisClient => {
    const c = openRedis(redis.url);
    clients.push(c);
    return c;
  };
  beforeAll(async () => {
    redis = await startRedis({ appendOnly: false });
  });
  afterAll(async () => {
    await Promise.allSettled(clients.map((c) => c.quit()));
    await redis?.stop();
  });

  it('two nodes share the cap: past it either refuses (429 too-many-streams); a stream closed on one frees a place on the other', async () => {
    const stores = [createRedisStore(redis.url, { prefix: 'caps:' }), createRedisStore(redis.url, { prefix: 'caps:' })];
    const [a, b] = await Promise.all(stores.map((store) => startServer({ database: db(), store, redis: { url: redis.url } })));
    if (!a || !b) throw new Error('two nodes');
    onTestFinished(async () => {
      await Promise.all([a.app.close(), b.app.close()]);
      await Promise.all(stores.map((s) => s.close()));
    });
    const bot = await register(a, 'robot');
    const token = await tokenOf(a, bot);
    const open: Stream[] = [];
    for (let i = 0; i < MAX_STREAMS_PER_TOKEN; i++) open.push(await openStream(i % 2 === 0 ? a : b, '/api/stream/event', token));
    expect(open.map((s) => s.status)).toEqual(Array<number>(MAX_STREAMS_PER_TOKEN).fill(200));
    for (const server of [a, b]) expect(await api(server, 'GET', '/api/stream/event', token)).toMatchObject({ status: 429, body: { code: 'too-many-streams' } });
    // one closed on node A: node B may open one more (once A's release reached Redis), and then no more
    open.shift()?.close();
    let more: Stream | null = null;
    await vi.waitFor(
      async () => {
        const s = await openStream(b, '/api/stream/event', token);
        if (s.status !== 200) s.close();
        else more = s;
        expect(s.status).toBe(200);
      },
      { timeout: 5_000, interval: 50 },
    );
    expect(await api(a, 'GET', '/api/stream/event', token)).toMatchObject({ status: 429 });
    for (const s of [...open, more as Stream | null]) s?.close();
  });

  it("a crashed node's streams lapse after their time-to-live; a released one frees its place at once", async () => {
    const crashedClient = client();
    const crashed = redisStreamCaps(crashedClient, logger, 2, 300);
    const live = redisStreamCaps(client(), logger, 2, 300);
    expect(await crashed.take('t1')).not.toBeNull();
    expect(await crashed.take('t1')).not.toBeNull();
    expect(await live.take('t1')).toBeNull();
    const other = await live.take('t2');
    expect(other).not.toBeNull();
    other?.();
    await vi.waitFor(async () => expect(await live.take('t2')).not.toBeNull(), { timeout: 2_000, interval: 20 });
    crashedClient.disconnect(); // its renewals stop reaching Redis
    await vi.waitFor(async () => expect(await live.take('t1')).not.toBeNull(), { timeout: 5_000, interval: 50 });
  });
});
