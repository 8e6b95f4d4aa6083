import type { GameSummary } from '@progressive-chess/shared';
import { describe, expect, it } from 'vitest';
import { call, type Client, connectClient, waitFor } from '../support/game-client.js';
import { BACKENDS, closeAll, skipWithoutBackends, startNode, useRedis } from './nodes.js';

const PUBLIC = { variant: 'scottish', timeControl: { kind: 'none' }, color: 'white', visibility: 'public' } as const;

/** Two players on `node` start a public game (listed in the lobby); resolves with its id. */
async function publicGame(white: Client, black: Client): Promise<string> {
  const { seek } = await call(white.socket, 'seek:create', PUBLIC);
  return (await call(black.socket, 'seek:accept', { seekId: seek.id })).gameId;
}

/**
 * The coalesced lobby updates of turn changes cross nodes as one message per batch (Socket.IO
 * `serverSideEmit`), and each node hands every update of the batch to its own lobby room.
 */
describe.skipIf(skipWithoutBackends()).each(BACKENDS)('lobby updates between two nodes (%s)', (backend) => {
  const redis = useRedis(backend);

  it("a lobby watcher on the other node sees every game's turn change; one batch is one message between nodes", async () => {
    const batch = { lobbyBatchMs: 300 };
    const [a, b] = await Promise.all([startNode(redis().target, batch), startNode(redis().target, batch)]);
    const players = await Promise.all([1, 2, 3, 4].map((i) => connectClient(a.url, { name: `Player ${i}` })));
    const [w1, b1, w2, b2] = players as [Client, Client, Client, Client];
    const watcherB = await connectClient(b.url, { name: 'Watcher on B' });
    const watcherA = await connectClient(a.url, { name: 'Watcher on A' });
    try {
      for (const w of [watcherA, watcherB]) await call(w.socket, 'lobby:subscribe', {});
      const games = [await publicGame(w1, b1), await publicGame(w2, b2)];
      const seen = (c: Client): Promise<GameSummary[][]> =>
        Promise.all(games.map((id) => waitFor(c.socket, 'lobby:gameUpdated', (g) => g.id === id && g.turn === 2)));
      const onB = seen(watcherB);
      const onA = seen(watcherA);
      // what node A publishes from now on, counted on its adapter's publisher
      const before = a.app.adapterTraffic()?.published ?? 0;
      await call(w1.socket, 'game:move', { gameId: games[0] ?? '', version: 1, move: 'e2e4' });
      await call(w2.socket, 'game:move', { gameId: games[1] ?? '', version: 1, move: 'd2d4' });
      expect((await onB).map(([g]) => g?.id)).toEqual(games);
      expect((await onA).map(([g]) => g?.id)).toEqual(games);
      // one lobby batch for both games, not one message per game, and one batch of the four players'
      // "Your games" changes, not one per player; and the two game events (one per move), which on
      // one Redis the commit script publishes instead of the adapter (adapter-relay.ts)
      expect((a.app.adapterTraffic()?.published ?? 0) - before).toBe(backend === 'cluster' ? 4 : 2);
    } finally {
      await closeAll([...players, watcherA, watcherB], [a, b]);
    }
  });
});
