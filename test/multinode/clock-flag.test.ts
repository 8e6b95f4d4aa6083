import type { GameEvent } from '@progressive-chess/shared';
import { describe, expect, it } from 'vitest';
import { call, connectClient, startGame, waitFor } from '../support/game-client.js';
import { BACKENDS, closeAll, playMoves, skipWithoutBackends, snapshot, startNode, useRedis } from './nodes.js';

describe.skipIf(skipWithoutBackends()).each(BACKENDS)('clock deadlines across nodes (%s)', (backend) => {
  const redis = useRedis(backend);

  it('a flag is fired by a node that did not handle the last move', async () => {
    const a = await startNode(redis().target);
    // node B handles every move but never polls deadlines: only node A can fire the flag
    const b = await startNode(redis().target, { deadlineTickMs: 3_600_000 });
    const white = await connectClient(b.url);
    const black = await connectClient(b.url);
    const watcher = await connectClient(a.url);
    try {
      const gameId = await startGame(white, black, { timeControl: { kind: 'per-turn', base: 1, perMove: 0 } });
      for (const c of [white, black, watcher]) await call(c.socket, 'game:join', { gameId });
      // a room count may record the players' presence (a versioned event) at any point of the game
      const events: GameEvent[] = [];
      watcher.socket.on('game:event', (e: GameEvent) => {
        if (e.gameId === gameId) events.push(e);
      });
      const gameOver = Promise.all(
        [white, black, watcher].map((c) =>
          waitFor(c.socket, 'game:event', (e) => e.gameId === gameId && e.event.type === 'game-over', 8_000),
        ),
      );
      const started = Date.now();
      // 1.e4 2.e5 Nf6: now White's turn 3 runs with a 1 s budget, and White does not move
      const last = await playMoves({ white, black }, gameId, [
        { color: 'white', uci: 'e2e4' },
        { color: 'black', uci: 'e7e5' },
        { color: 'black', uci: 'g8f6' },
      ]);
      const [[event]] = (await gameOver) as [[GameEvent]];
      expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
      // the flag is the next change of the play: only presence records may come between
      expect(event.version).toBeGreaterThan(last);
      expect(events.filter((e) => e.version > last && e.version < event.version).map((e) => e.event.type)).toEqual(
        Array.from({ length: event.version - last - 1 }, () => 'absence'),
      );
      expect(event.event).toMatchObject({ type: 'game-over', outcome: { result: '0-1', reason: 'timeout' } });
      const s = await snapshot(black, gameId);
      expect(s.status).toBe('finished');
      expect(s.moves).toHaveLength(3);
      // the deadline was claimed and cleared: nothing is left to fire
      expect((await a.store.claimDueGames(Date.now() + 3_600_000, 10, 60_000)).ids).toEqual([]);
    } finally {
      await closeAll([white, black, watcher], [a, b]);
    }
  });
});
