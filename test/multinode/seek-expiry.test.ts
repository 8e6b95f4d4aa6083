import type { OwnSeek } from '@progressive-chess/shared';
import { describe, expect, it } from 'vitest';
import { call, connectClient, waitFor } from '../support/game-client.js';
import { closeAll, skipWithoutBackends, startNode, useRedis } from './nodes.js';

const PUBLIC = { variant: 'scottish', timeControl: { kind: 'none' }, color: 'white', visibility: 'public' } as const;

/**
 * A seek expires in the store, noticed by whichever seek call comes first on whichever node: the
 * store hands it to one node only, which tells the lobby and the owner on every node, once.
 */
describe.skipIf(skipWithoutBackends())('seek expiry between two nodes', () => {
  const redis = useRedis('redis');

  it("an expired seek leaves every node's lobby and its owner's tabs at once, announced once", async () => {
    let t = 1_800_000_000_000;
    const deps = { now: () => t, seekExpiryTickMs: 20, limits: { seekTtlMs: 60_000 } };
    const [a, b] = await Promise.all([startNode(redis().target, deps), startNode(redis().target, deps)]);
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
      await new Promise((r) => setTimeout(r, 200)); // several ticks of both nodes
      expect(removed).toEqual([seek.id]);
      expect(mine.map((seeks) => seeks.length)).toEqual([1, 0]);
      expect((await call(bob.socket, 'lobby:subscribe', {})).seeks).toEqual([]);
    } finally {
      await closeAll(clients, [a, b]);
    }
  });
});
