import { describe, expect, it } from 'vitest';
import { call, connectClient, startGame, waitForVersion } from '../support/game-client.js';
import { BACKENDS, closeAll, playMoves, SCHOLAR, skipWithoutBackends, snapshot, startNode, useRedis } from './nodes.js';

describe.skipIf(skipWithoutBackends()).each(BACKENDS)('two server nodes on one Redis (%s)', (backend) => {
  const redis = useRedis(backend);

  it('a player on each node finishes a game that a spectator on the other node follows', async () => {
    const [a, b] = await Promise.all([startNode(redis().target), startNode(redis().target)]);
    const white = await connectClient(a.url, { name: 'White on A' });
    const black = await connectClient(b.url, { name: 'Black on B' });
    const watcher = await connectClient(a.url, { name: 'Watcher on A' });
    try {
      const gameId = await startGame(white, black);
      for (const c of [white, black, watcher]) {
        const { seat } = await call(c.socket, 'game:join', { gameId });
        expect(seat).toBe(c === white ? 'white' : c === black ? 'black' : 'spectator');
      }
      const first = (await snapshot(watcher, gameId)).version;
      const last = await playMoves({ white, black }, gameId, SCHOLAR);
      expect(last).toBeGreaterThanOrEqual(first + SCHOLAR.length);

      for (const c of [white, black, watcher]) {
        await waitForVersion(c, gameId, last);
        const moves = c.events.filter((e) => e.gameId === gameId && e.event.type === 'move');
        expect(moves.map((e) => (e.event.type === 'move' ? e.event.uci : ''))).toEqual(SCHOLAR.map((m) => m.uci));
        const versions = c.events.filter((e) => e.gameId === gameId).map((e) => e.version);
        expect(versions).toEqual([...versions].sort((x, y) => x - y));
        expect(new Set(versions).size).toBe(versions.length);
      }
      const lastMove = watcher.events.map((e) => e.event).filter((b) => b.type === 'move').at(-1);
      expect(lastMove?.type === 'move' && lastMove.outcome?.result).toBe('1-0');

      // both nodes serve the same finished game
      for (const c of [white, black]) {
        const s = await snapshot(c, gameId);
        expect(s.status).toBe('finished');
        expect(s.moves.map((m) => m.uci)).toEqual(SCHOLAR.map((m) => m.uci));
        expect(s.outcome?.result).toBe('1-0');
      }
      expect((await a.store.listActiveGames(10)).map((g) => g.id)).not.toContain(gameId);
    } finally {
      await closeAll([white, black, watcher], [a, b]);
    }
  });
});

