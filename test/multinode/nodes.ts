import type { GameSnapshot } from '@progressive-chess/shared';
import { createApp, type App, type AppDeps } from '../../server/src/app.js';
import { createRedisStore, type RedisStore } from '../../server/src/store/redis-store.js';
import type { Store } from '../../server/src/store/store.js';
import { afterAll, beforeAll } from 'vitest';
import { call, type Client, waitForVersion } from '../support/game-client.js';
import { skipWithoutRedisCluster, startRedisCluster } from '../support/redis-cluster.js';
import { type RedisHandle, type RedisOptions, startRedis } from '../support/redis-server.js';

/** The multi-node suites run on one redis-server and on a three-node Redis Cluster. */
export type Backend = 'redis' | 'cluster';
export const BACKENDS: readonly Backend[] = ['redis', 'cluster'];

/** For `describe.skipIf(...)`: both backends need Debian's redis-server (and redis-cli); under CI a missing binary fails. */
export const skipWithoutBackends = (): boolean => skipWithoutRedisCluster();

/** What the nodes connect to: a Redis URL or Cluster seed nodes. */
export type NodeTarget = string | { readonly clusterNodes: readonly string[] };

export interface RedisUnderTest {
  readonly target: NodeTarget;
  /** Restarts the server(s), data kept (AOF). */
  restart(): Promise<void>;
}

/** One redis-server for the enclosing describe block, with the handle's kill/relaunch (chaos tests). */
export function useRedisServer(opts: RedisOptions = {}): () => RedisHandle {
  let redis: RedisHandle | undefined;
  beforeAll(async () => {
    redis = await startRedis(opts);
  });
  afterAll(async () => {
    await redis?.stop();
  });
  return () => {
    if (!redis) throw new Error('redis not started');
    return redis;
  };
}

/** A redis-server or Redis Cluster for the enclosing describe block (started before its tests, stopped after). */
export function useRedis(backend: Backend = 'redis', opts: RedisOptions = {}): () => RedisUnderTest {
  let redis: (RedisUnderTest & { stop(): Promise<void> }) | undefined;
  beforeAll(async () => {
    if (backend === 'redis') {
      const r = await startRedis(opts);
      redis = { target: r.url, restart: () => r.restart(), stop: () => r.stop() };
    } else {
      const c = await startRedisCluster(3);
      redis = { target: { clusterNodes: c.nodes }, restart: () => c.restart(), stop: () => c.stop() };
    }
  });
  afterAll(async () => {
    await redis?.stop();
  });
  return () => {
    if (!redis) throw new Error(`${backend} not started`);
    return redis;
  };
}

/** One game-server node on a shared Redis (or Cluster): its own store, its own Socket.IO Redis adapter clients. */
export interface Node {
  readonly app: App;
  readonly store: RedisStore;
  readonly url: string;
  close(): Promise<void>;
}

/** `wrap`: what the app sees of the node's store (e.g. a store that fails on cue); `store` stays the real one. */
export async function startNode(
  target: NodeTarget,
  deps: Partial<AppDeps> = {},
  wrap: (store: RedisStore) => Store = (s) => s,
): Promise<Node> {
  const store = createRedisStore(target, { prefix: 'mn:' });
  const redis = typeof target === 'string' ? { url: target } : target;
  const app = createApp({ deadlineTickMs: 50, ...deps, store: wrap(store), redis });
  const { port } = await app.listen(0, '127.0.0.1');
  let closed = false;
  return {
    app,
    store,
    url: `http://127.0.0.1:${port}`,
    async close() {
      if (closed) return;
      closed = true;
      await app.close();
      await store.close();
    },
  };
}

/** Closes everything a test opened, clients first, whatever fails. */
export async function closeAll(clients: readonly Client[], nodes: readonly Node[]): Promise<void> {
  for (const c of clients) c.close();
  await Promise.allSettled(nodes.map((n) => n.close()));
}

export async function snapshot(c: Client, gameId: string): Promise<GameSnapshot> {
  return (await call(c.socket, 'game:resync', { gameId })).snapshot;
}

/** Plays `uci` moves one by one through whichever client holds the move's colour. */
export async function playMoves(
  seats: { white: Client; black: Client },
  gameId: string,
  moves: readonly { color: 'white' | 'black'; uci: string }[],
): Promise<number> {
  let version = (await snapshot(seats.white, gameId)).version;
  let previous: 'white' | 'black' | null = null;
  for (const m of moves) {
    // A player moves once it has seen the opponent's last move, as a real client does: the ack
    // comes back before the other node relays the event, and events sent meanwhile would overtake it.
    if (previous !== null && previous !== m.color) await waitForVersion(seats[m.color], gameId, version);
    version = (await call(seats[m.color].socket, 'game:move', { gameId, version, move: m.uci })).version;
    previous = m.color;
  }
  return version;
}

/** 1.e4 2.e5 Nf6 3.Bc4 Qh5 Qxf7# (Scottish progressive), by colour. */
export const SCHOLAR = [
  { color: 'white', uci: 'e2e4' },
  { color: 'black', uci: 'e7e5' },
  { color: 'black', uci: 'g8f6' },
  { color: 'white', uci: 'f1c4' },
  { color: 'white', uci: 'd1h5' },
  { color: 'white', uci: 'h5f7' },
] as const;
