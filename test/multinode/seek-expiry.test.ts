import type { OwnSeek } from '@progressive-chess/shared';
import { describe, expect, it, vi } from 'vitest';
import type { RedisStore } from '../../server/src/store/redis-store.js';
import type { Store } from '../../server/src/store/store.js';
import { call, connectClient, waitFor } from '../support/game-client.js';
import { closeAll, skipWithoutBackends, startNode, useRedis } from './nodes.js';

const PUBLIC = { variant: 'scottish', timeControl: { kind: 'none' }, color: 'white', visibility: 'public' } as const;

/** The node's store with its finished expiry passes (`takeExpiredSeeks`, once per tick) counted. */
function countingTicks(store: RedisStore, count: { ticks: number }): Store {
  const counted = Object.create(store) as RedisStore;
  counted.takeExpiredSeeks = async (now: number, limit: number) => {
    const taken = await store.takeExpiredSeeks(now, limit);
    count.ticks += 1;
    return taken;
  };
  return counted;
}

/**
 * A seek expires in the store, noticed by whichever seek call comes first on whichever node: the
 * store hands it to one node only, which tells the lobby and the owner on every node, once.
 */
describe.skipIf(skipWithoutBackends())('seek expiry between two nodes', () => {
  const redis = useRedis('redis');

  it("an expired seek leaves every node's lobby and its owner's tabs at once, announced once", async () => {
    let t = 1_800_000_000_000;
    const deps = { now: () => t, seekExpiryTickMs: 20, limits: { seekTtlMs: 60_000 } };
    const onA = { ticks: 0 };
    const onB = { ticks: 0 };
    const [a, b] = await Promise.all([
      startNode(redis().target, deps, (s) => countingTicks(s, onA)),
      startNode(redis().target, deps, (s) => countingTicks(s, onB)),
    ]);
    const alice = await connectClient(a.url, { name: 'Alice' });
    const aliceOnB = await connectClient(b.url, { token: alice.session.token });
    const bob = await connectClient(b.url, { name: 'Bob' });
    const clients = [alice, aliceOnB, bob];
    try {
      await call(bob.socket, 'lobby:subscribe', {});
      const removed: string[] = [];
      const mine: OwnSeek[][] = [];
      bob.socket.on('lobby:seekRemoved', (p) => removed.push(p.seekId));
      aliceOnB.socket.on('lobby:mySeeks', (p) => mine.push(p.seeks));
      const told = waitFor(aliceOnB.socket, 'lobby:mySeeks', (p) => p.seeks.length === 1);
      const { seek } = await call(alice.socket, 'seek:create', PUBLIC);
      await Promise.all([told, waitFor(bob.socket, 'lobby:seekAdded', (s) => s.id === seek.id)]);

      t += 60_000;
      await Promise.all([
        waitFor(bob.socket, 'lobby:seekRemoved', (p) => p.seekId === seek.id),
        waitFor(aliceOnB.socket, 'lobby:mySeeks', (p) => p.seeks.length === 0),
      ]);
      // three more expiry passes of each node: none announces the seek again
      const [ta, tb] = [onA.ticks, onB.ticks];
      await vi.waitFor(() => expect(Math.min(onA.ticks - ta, onB.ticks - tb)).toBeGreaterThanOrEqual(3), { interval: 10 });
      await Promise.all([bob, aliceOnB].map((c) => call(c.socket, 'lobby:online', {})));
      expect(removed).toEqual([seek.id]);
      expect(mine.map((seeks) => seeks.length)).toEqual([1, 0]);
      expect((await call(bob.socket, 'lobby:subscribe', {})).seeks).toEqual([]);
    } finally {
      await closeAll(clients, [a, b]);
    }
  });
});
