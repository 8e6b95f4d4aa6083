import { describe, expect, it } from 'vitest';
import { call, connectClient, startGame, waitFor, waitForVersion } from '../support/game-client.js';
import { BACKENDS, closeAll, playMoves, skipWithoutBackends, snapshot, startNode, useRedis } from './nodes.js';

describe.skipIf(skipWithoutBackends()).each(BACKENDS)('a takeback across nodes (%s)', (backend) => {
  const redis = useRedis(backend);

  it('offered on one node, granted on the other: both nodes and a spectator see the shorter game, and play goes on', async () => {
    const [a, b] = await Promise.all([startNode(redis().target), startNode(redis().target)]);
    const white = await connectClient(a.url);
    const black = await connectClient(b.url);
    const watcher = await connectClient(b.url);
    const all = [white, black, watcher];
    try {
      const gameId = await startGame(white, black);
      for (const c of all) await call(c.socket, 'game:join', { gameId });
      const line = [
        { color: 'white', uci: 'e2e4' },
        { color: 'black', uci: 'e7e5' },
        { color: 'black', uci: 'g8f6' },
        { color: 'white', uci: 'd2d4' },
      ] as const;
      let version = await playMoves({ white, black }, gameId, line);
      // both nodes' move-log caches hold the four moves
      expect((await a.store.loadGame(gameId))?.moves).toHaveLength(4);
      expect((await b.store.loadGame(gameId))?.moves).toHaveLength(4);

      const offered = waitFor(black.socket, 'game:event', (e) => e.gameId === gameId && e.event.type === 'takeback-offer');
      version = (await call(white.socket, 'game:takebackOffer', { gameId })).version;
      await offered;
      const seen = waitFor(white.socket, 'game:event', (e) => e.gameId === gameId && e.event.type === 'takeback');
      const accepted = await call(black.socket, 'game:takebackAccept', { gameId });
      expect(accepted.version).toBe(version + 1);
      expect(accepted.event).toMatchObject({ type: 'takeback', by: 'white', turn: 3, moves: 3 });
      expect((await seen)[0].version).toBe(accepted.version);
      await waitForVersion(watcher, gameId, accepted.version);

      for (const store of [a.store, b.store]) expect((await store.loadGame(gameId))?.moves.map((m) => (JSON.parse(m) as { uci: string }).uci)).toEqual(['e2e4', 'e7e5', 'g8f6']);
      // White plays a different series from node A; the log grows back past its old length
      version = await playMoves({ white, black }, gameId, [
        { color: 'white', uci: 'b1c3' },
        { color: 'white', uci: 'g1f3' },
        { color: 'white', uci: 'f1c4' },
        { color: 'black', uci: 'b8c6' },
      ]);
      await waitForVersion(watcher, gameId, version);
      const [fromA, fromB] = [await snapshot(white, gameId), await snapshot(watcher, gameId)];
      const expected = ['e2e4', 'e7e5', 'g8f6', 'b1c3', 'g1f3', 'f1c4', 'b8c6'];
      expect(fromA.moves.map((m) => m.uci)).toEqual(expected);
      expect(fromB.moves.map((m) => m.uci)).toEqual(expected);
      expect(fromB.state).toBe(fromA.state);
      expect((await a.store.loadGame(gameId))?.moves).toHaveLength(7);
      // the spectator applied every event in order, the takeback among them
      const events = watcher.events.filter((e) => e.gameId === gameId);
      expect(events.map((e) => e.version)).toEqual(events.map((_, i) => (events[0]?.version ?? 0) + i));
      expect(events.some((e) => e.event.type === 'takeback')).toBe(true);
    } finally {
      await closeAll(all, [a, b]);
    }
  });
});
