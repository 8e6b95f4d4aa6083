import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runScript, script } from '../../src/store/redis-client.js';
import { redisKeys } from '../../src/store/redis-keys.js';
import * as lua from '../../src/store/redis-scripts.js';
import { createRedisStore } from '../../src/store/redis-store.js';
import { type RedisHandle, skipWithoutRedis, startRedis } from '../../../test/support/redis-server.js';
import {
  type RedisClusterHandle,
  skipWithoutRedisCluster,
  startRedisCluster,
} from '../../../test/support/redis-cluster.js';
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
  storeContract('redis without move-log cache', async () =>
    createRedisStore(redis.url, { prefix: `t${++n}:`, cachedMoves: 0 }),
  );

  it('stores on two nodes see each other\'s appends through their move-log caches', async () => {
    const a = createRedisStore(redis.url, { prefix: 'nodes:', cachedMoves: 6 });
    const b = createRedisStore(redis.url, { prefix: 'nodes:', cachedMoves: 6 });
    const w = (moves: string[]) => ({ doc: 'd', appendMoves: moves, deadline: null, summary: null });
    try {
      await a.createGame('g', w(['m1']));
      expect((await b.loadGame('g'))?.moves).toEqual(['m1']);
      await a.commitGame('g', 1, w(['m2', 'm3']));
      await b.commitGame('g', 2, w(['m4']));
      const loads = await Promise.all([a.loadGame('g'), a.loadGame('g'), b.loadGame('g')]);
      for (const g of loads) expect(g?.moves).toEqual(['m1', 'm2', 'm3', 'm4']);
      // a caller's array is its own: later appends do not show through it
      await a.commitGame('g', 3, w(['m5']));
      expect(loads[0]?.moves).toHaveLength(4);
      expect((await b.loadGame('g'))?.moves).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
      // more entries than the cache holds: evicted logs are fetched whole again
      for (const id of ['h1', 'h2', 'h3']) await b.createGame(id, w([id]));
      expect((await b.loadGame('g'))?.moves).toHaveLength(5);
      // a game deleted behind the cache's back and created again is not mixed with the old log
      await a.client.del('nodes:game:{g}', 'nodes:game:{g}:moves');
      await b.createGame('g', w(['x1']));
      expect((await a.loadGame('g'))?.moves).toEqual(['x1']);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('a commit that leaves the indexes as they are publishes its relay once it wins, and nothing when it loses', async () => {
    const store = createRedisStore(redis.url, { prefix: 'plain:' });
    const sub = new Redis(redis.url);
    const heard: string[] = [];
    try {
      // the relay is SPUBLISHed on the room's shard channel (room-adapter.ts)
      await sub.ssubscribe('plain-relay');
      sub.on('smessage', (_channel: string, message: string) => heard.push(message));
      await store.createGame('g', { doc: 'd1', appendMoves: [], deadline: null, summary: null });
      const w = (doc: string, message: string) => ({ doc, appendMoves: ['m'], deadline: undefined, summary: undefined, relay: { channel: 'plain-relay', message: Buffer.from(message) } });
      expect(await store.commitGame('g', 1, w('d2', 'won'))).toEqual({ ok: true, version: 2, relayed: true });
      expect(await store.commitGame('g', 1, w('lost', 'lost'))).toEqual({ ok: false, reason: 'conflict', version: 2 });
      expect(await store.commitGame('g', 2, w('d3', 'after'))).toMatchObject({ ok: true, version: 3 });
      await vi.waitFor(() => expect(heard).toEqual(['won', 'after']));
      expect(await store.loadGame('g')).toEqual({ id: 'g', version: 3, doc: 'd3', moves: ['m', 'm'] });
    } finally {
      sub.disconnect();
      await store.close();
    }
  });

  it('a takeback on one node is seen by the other through its move-log cache (a cut log is a new log)', async () => {
    const a = createRedisStore(redis.url, { prefix: 'cut:' });
    const b = createRedisStore(redis.url, { prefix: 'cut:' });
    const w = (moves: string[], truncateMoves?: number) => ({ doc: 'd', appendMoves: moves, deadline: null, summary: null, ...(truncateMoves === undefined ? {} : { truncateMoves }) });
    try {
      await a.createGame('g', w(['m1', 'm2']));
      expect((await b.loadGame('g'))?.moves).toEqual(['m1', 'm2']);
      expect((await a.loadGame('g'))?.moves).toEqual(['m1', 'm2']);
      // cut to one entry and grown again to the old length: a cache keyed on the length alone would miss it
      await a.commitGame('g', 1, w([], 1));
      await a.commitGame('g', 2, w(['n2']));
      expect((await b.loadGame('g'))?.moves).toEqual(['m1', 'n2']);
      expect((await a.loadGame('g'))?.moves).toEqual(['m1', 'n2']);
      await b.commitGame('g', 3, w(['n3'], 2));
      expect((await a.loadGame('g'))?.moves).toEqual(['m1', 'n2', 'n3']);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('uses per-game hash-tagged keys under the prefix and keeps finished games', async () => {
    const store = createRedisStore(redis.url, { prefix: 'keys:' });
    try {
      await store.createGame('g1', { doc: 'd', appendMoves: ['m'], deadline: 5, summary: 's' });
      await store.commitGame('g1', 1, { doc: 'over', appendMoves: [], deadline: null, summary: null });
      const keys = (await store.client.keys('keys:*')).sort();
      expect(keys).toEqual(['keys:game:{g1}', 'keys:game:{g1}:moves', 'keys:{lobby}:games:seq']);
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
      expect((await store.claimDueGames(20, 5, 60_000)).ids).toEqual(['g']);
    } finally {
      await store.close();
    }
  });

  it("finds an owner's seeks again when its id list was not kept (seeks stored by an older server)", async () => {
    const store = createRedisStore(redis.url, { prefix: 'mine:' });
    const seek = (id: string, settings: string) => ({
      id, owner: 'ann', settings, code: null, public: true, doc: '{}', expiresAt: 10_000,
    });
    try {
      for (const [id, k] of [['s1', 'a'], ['s2', 'b'], ['s3', 'c']] as const) await store.addSeek(seek(id, k), 0, 3);
      await store.takeSeek('s2', 0);
      expect((await store.listSeeksOf('ann', 0)).map((x) => x.id)).toEqual(['s1', 's3']);
      // as an older server left them: no id list at all, then a list with a seek taken meanwhile
      await store.client.del('mine:{lobby}:seeks:mine');
      expect((await store.listSeeksOf('ann', 0)).map((x) => x.id).sort()).toEqual(['s1', 's3']);
      await store.client.hset('mine:{lobby}:seeks:mine', 'ann', 's9 s3');
      expect((await store.listSeeksOf('ann', 0)).map((x) => x.id).sort()).toEqual(['s1', 's3']);
      expect((await store.client.hget('mine:{lobby}:seeks:mine', 'ann'))?.split(' ').sort()).toEqual(['s1', 's3']);
      await store.takeSeek('s1', 0);
      await store.takeSeek('s3', 0);
      expect(await store.listSeeksOf('ann', 0)).toEqual([]);
      expect(await store.client.hexists('mine:{lobby}:seeks:mine', 'ann')).toBe(0);
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

describe.skipIf(skipWithoutRedisCluster())('Redis store on a Redis Cluster', () => {
  let cluster: RedisClusterHandle;
  let n = 0;
  beforeAll(async () => {
    cluster = await startRedisCluster(3);
  });
  afterAll(async () => {
    await cluster?.stop();
  });

  storeContract('redis cluster', async () => createRedisStore({ clusterNodes: cluster.nodes }, { prefix: `c${++n}:` }));

  it('keeps one game in one slot and the lobby structures in another, on different nodes', async () => {
    const store = createRedisStore({ clusterNodes: cluster.nodes }, { prefix: 'slots:' });
    try {
      expect(store.clustered).toBe(true);
      const slot = async (key: string) => Number(await store.client.call('CLUSTER', 'KEYSLOT', key));
      expect(await slot('slots:game:{g1}')).toBe(await slot('slots:game:{g1}:moves'));
      expect(await slot('slots:{lobby}:deadlines')).toBe(await slot('slots:{lobby}:seeks'));
      // games spread over the cluster's nodes
      const slots = new Set(await Promise.all(Array.from({ length: 30 }, (_, i) => slot(`slots:game:{g${i}}`))));
      expect(slots.size).toBeGreaterThan(1);
      await store.createGame('g1', { doc: 'd', appendMoves: ['m'], deadline: 5, summary: 's' });
      expect(await store.commitGame('g1', 1, { doc: 'd2', appendMoves: [], deadline: 9, summary: 's2' })).toEqual({
        ok: true,
        version: 2,
      });
      expect(await store.listActiveGames(5)).toEqual([{ id: 'g1', summary: 's2', spectators: 0 }]);
      expect((await store.claimDueGames(8, 5, 1000)).ids).toEqual([]);
      expect((await store.claimDueGames(9, 5, 1000)).ids).toEqual(['g1']);
    } finally {
      await store.close();
    }
  });
  it('applies a commit\'s index entries only when newer, and lowers a deadline before a commit', async () => {
    const store = createRedisStore({ clusterNodes: cluster.nodes }, { prefix: 'steps:' });
    const k = redisKeys('steps:');
    const indexKeys = [k.deadlines, k.active, k.summaries, k.activeSeq, k.indexVersions];
    // ARGV of INDEX_GAME: id, version, '', has deadline, deadline, summary mode, summary
    const index = (version: number, deadline: number | null, summary: string | null) =>
      runScript(store.client, script(lua.INDEX_GAME), indexKeys, [
        'g', version, '', deadline === null ? '0' : '1', deadline ?? 0, summary === null ? '0' : '1', summary ?? '',
      ]);
    try {
      expect(await index(3, 300, 'v3')).toBe(1);
      // version 2's step arrives late (another node committed version 3 meanwhile): ignored
      expect(await index(2, 200, 'v2')).toBe(0);
      expect(await store.listActiveGames(5)).toEqual([{ id: 'g', summary: 'v3', spectators: 0 }]);
      expect((await store.claimDueGames(299, 5, 1000)).ids).toEqual([]);
      // the game ends at version 4; a late version 3 does not list it again
      expect(await index(4, null, null)).toBe(1);
      expect(await index(3, 300, 'v3')).toBe(0);
      expect(await store.listActiveGames(5)).toEqual([]);
      expect((await store.claimDueGames(10_000, 5, 1000)).ids).toEqual([]);
      // before a commit the entry only moves earlier: a node dying after its commit leaves it early, never late
      const lower = (d: number) => runScript(store.client, script(lua.LOWER_DEADLINE), [k.deadlines], ['h', d]);
      expect(await lower(500)).toBe(1);
      expect(await lower(800)).toBe(0);
      expect(await lower(400)).toBe(1);
      expect((await store.claimDueGames(399, 5, 1000)).ids).toEqual([]);
      expect((await store.claimDueGames(400, 5, 1000)).ids).toEqual(['h']);
    } finally {
      await store.close();
    }
  });
});
