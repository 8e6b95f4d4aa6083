import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedisStore } from '../../src/store/redis-store.js';
import { type RedisHandle, skipWithoutRedis, startRedis } from '../../../test/support/redis-server.js';
import { storeContract } from './contract.js';

describe.skipIf(skipWithoutRedis())('Redis store', () => {
  let redis: RedisHandle;
  let n = 0;
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    await redis?.stop();
  });

  storeContract('redis', async () => createRedisStore(redis.url, { prefix: `t${++n}:` }));

  it('uses per-game hash-tagged keys under the prefix and keeps finished games', async () => {
    const store = createRedisStore(redis.url, { prefix: 'keys:' });
    try {
      await store.createGame('g1', { doc: 'd', appendMoves: ['m'], deadline: 5, summary: 's' });
      await store.commitGame('g1', 1, { doc: 'over', appendMoves: [], deadline: null, summary: null });
      const keys = (await store.client.keys('keys:*')).sort();
      expect(keys).toEqual(['keys:game:{g1}', 'keys:game:{g1}:moves', 'keys:games:seq']);
      expect(await store.client.hget('keys:game:{g1}', 'version')).toBe('2');
    } finally {
      await store.close();
    }
  });

  it('survives a Redis restart: data from the AOF, scripts reloaded', async () => {
    const store = createRedisStore(redis.url, { prefix: 'restart:' });
    try {
      await store.createGame('g', { doc: 'd1', appendMoves: ['a'], deadline: 10, summary: 's' });
      await redis.restart();
      await store.ping();
      expect(await store.commitGame('g', 1, { doc: 'd2', appendMoves: ['b'], deadline: 20, summary: 's2' })).toEqual({
        ok: true,
        version: 2,
      });
      expect(await store.loadGame('g')).toEqual({ id: 'g', version: 2, doc: 'd2', moves: ['a', 'b'] });
      expect(await store.claimDueGames(20, 5)).toEqual(['g']);
    } finally {
      await store.close();
    }
  });

  it('ping rejects when Redis is unreachable', async () => {
    const store = createRedisStore('redis://127.0.0.1:1', { prefix: 'x:' });
    await expect(store.ping()).rejects.toThrow();
    await store.close();
  });

  it('leaves a caller-provided client open on close', async () => {
    const owner = createRedisStore(redis.url);
    const shared = createRedisStore(owner.client, { prefix: 'shared:' });
    await shared.close();
    await expect(owner.ping()).resolves.toBeUndefined();
    await owner.close();
  });
});
