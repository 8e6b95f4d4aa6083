import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localApiPresence, redisApiPresence, type ApiPresence } from '../../src/api/api-presence.js';
import { openRedis, type RedisClient } from '../../src/store/redis-client.js';
import { type RedisHandle, skipWithoutRedis, startRedis } from '../../../test/support/redis-server.js';
import { manualClock } from '../helpers.js';

const logger = pino({ level: 'silent' });
const TTL = 15_000;

describe('API presence in memory (one node)', () => {
  it('counts each open stream until it ends, and tells each change', async () => {
    const changed: string[] = [];
    const p = localApiPresence({ changed: (id) => changed.push(id) });
    const [a, b] = [p.enter('g1', 'bot'), p.enter('g1', 'bot')];
    expect(await p.members('g1')).toEqual(['bot']);
    a();
    a(); // once only
    expect(await p.members('g1')).toEqual(['bot']);
    b();
    expect(await p.members('g1')).toEqual([]);
    expect(changed).toEqual(['g1', 'g1', 'g1', 'g1']);
  });
});

describe.skipIf(skipWithoutRedis())('API presence in Redis (every node)', () => {
  let server: RedisHandle;
  const clients: RedisClient[] = [];
  const client = (): RedisClient => {
    const c = openRedis(server.url);
    clients.push(c);
    return c;
  };
  beforeAll(async () => {
    server = await startRedis({ appendOnly: false });
  });
  afterAll(async () => {
    await Promise.allSettled(clients.map((c) => c.quit()));
    await server.stop();
  });

  it("one node's stream is seen by another; its end removes it at once", async () => {
    const [a, b] = [redisApiPresence(client(), logger), redisApiPresence(client(), logger)];
    const leave = a.enter('g2', 'bot');
    expect(await a.members('g2')).toContain('bot');
    await expect.poll(() => b.members('g2')).toEqual(['bot']);
    // the same player streaming on the other node too stays present when the first stream ends
    const other = b.enter('g2', 'bot');
    leave();
    await expect.poll(() => a.members('g2')).toEqual(['bot']);
    other();
    expect(await a.members('g2')).toEqual([]);
    expect(await b.members('g2')).toEqual([]);
  });

  it('an entry not renewed (its node crashed) lapses after its expiry', async () => {
    const clock = manualClock();
    const redis = client();
    const crashed = redisApiPresence(redis, logger, { clock: clock.now, ttlMs: TTL });
    const reader = redisApiPresence(client(), logger, { clock: clock.now, ttlMs: TTL });
    crashed.enter('g3', 'bot');
    await expect.poll(() => reader.members('g3')).toEqual(['bot']);
    clock.advance(TTL - 1);
    expect(await reader.members('g3')).toEqual(['bot']);
    clock.advance(1);
    expect(await reader.members('g3')).toEqual([]);
    expect(await redis.zcard('pcl-api-presence:g3')).toBe(1); // still stored: lapsed by its score alone
  });

  it("a reader that counted another node's entry counts the room again when it lapses (no leave is heard from a crashed node)", async () => {
    const crashedClient = client();
    const crashed = redisApiPresence(crashedClient, logger, { ttlMs: 300 });
    const counts: string[][] = [];
    const reader: ApiPresence = redisApiPresence(client(), logger, { ttlMs: 300, changed: (id) => void reader.members(id).then((m) => counts.push(m)) });
    crashed.enter('g5', 'bot');
    await expect.poll(() => reader.members('g5')).toEqual(['bot']);
    crashedClient.disconnect(); // no more renewals
    await expect.poll(() => counts.at(-1), { timeout: 5_000 }).toEqual([]);
  });

  it('Redis away: the node answers with its own streams, and never fails the caller', async () => {
    const down = openRedis('redis://127.0.0.1:1', false);
    clients.push(down);
    down.on('error', () => undefined);
    const p = redisApiPresence(down, logger);
    const leave = p.enter('g4', 'bot');
    expect(await p.members('g4')).toEqual(['bot']);
    leave();
    expect(await p.members('g4')).toEqual([]);
  });
});
