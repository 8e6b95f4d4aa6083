import { Cluster, Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { openRedis } from '../../server/src/store/redis-client.js';
import { call, connectClient, startGame, waitForVersion } from '../support/game-client.js';
import { BACKENDS, closeAll, type Node, playMoves, SCHOLAR, skipWithoutBackends, startNode, useRedis } from './nodes.js';

/** How many subscribers a shard channel has (on a Cluster: on the master that owns its slot, summed over the masters). */
async function subscribers(client: Redis | Cluster, channel: string): Promise<number> {
  const nodes = client instanceof Cluster ? client.nodes('master') : [client];
  const counts = await Promise.all(nodes.map(async (n) => Number(((await n.call('PUBSUB', 'SHARDNUMSUB', channel)) as [string, number])[1])));
  return counts.reduce((a, b) => a + b, 0);
}

const roomMessages = (n: Node): number => n.app.adapterTraffic()?.roomMessages ?? NaN;

describe.skipIf(skipWithoutBackends()).each(BACKENDS)('a node hears only the rooms it has members in (%s)', (backend) => {
  const redis = useRedis(backend);

  it('a game played on nodes A and B: node C, with a connection but none in the game, receives none of its broadcasts', async () => {
    const [a, b, c] = await Promise.all([startNode(redis().target), startNode(redis().target), startNode(redis().target)]);
    const white = await connectClient(a.url, { name: 'White on A' });
    const black = await connectClient(b.url, { name: 'Black on B' });
    const watcher = await connectClient(a.url, { name: 'Watcher on A' });
    const elsewhere = await connectClient(c.url, { name: 'Someone on C' });
    const admin = openRedis(redis().target);
    try {
      const gameId = await startGame(white, black);
      for (const cl of [white, black, watcher]) await call(cl.socket, 'game:join', { gameId });
      const channel = `socket.io#/#game:${gameId}#`;
      // the room's channel has the subscribers of A and B, not C's
      expect(await subscribers(admin, channel)).toBe(2);
      const before = { a: roomMessages(a), b: roomMessages(b), c: roomMessages(c) };
      const last = await playMoves({ white, black }, gameId, SCHOLAR);
      for (const cl of [white, black, watcher]) await waitForVersion(cl, gameId, last);
      // B heard (at least) the moves played on A, A those played on B; C none, and no other room's
      // message either (its one connection is in no room anyone broadcasts to)
      const onA = SCHOLAR.filter((m) => m.color === 'white').length;
      expect(roomMessages(b) - before.b).toBeGreaterThanOrEqual(onA);
      expect(roomMessages(a) - before.a).toBeGreaterThanOrEqual(SCHOLAR.length - onA);
      expect(roomMessages(c) - before.c).toBe(0);
      // while node C still reaches every node: its snapshot counts the room's members on A and B
      const seen = await c.app.services.rooms.snapshot(gameId);
      expect(seen.moves).toHaveLength(SCHOLAR.length);
      expect(seen.spectators).toBe(1);
      // the last member on B leaves: B's subscription goes with it
      await call(black.socket, 'game:leave', { gameId });
      await expect.poll(() => subscribers(admin, channel)).toBe(1);
    } finally {
      await admin.quit();
      await closeAll([white, black, watcher, elsewhere], [a, b, c]);
    }
  });
});
