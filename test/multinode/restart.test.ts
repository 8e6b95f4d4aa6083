import { waitForAdapter } from '../support/adapter-ready.js';
import { describe, expect, it } from 'vitest';
import { call, connectClient, startGame, waitForVersion } from '../support/game-client.js';
import { BACKENDS, closeAll, playMoves, SCHOLAR, skipWithoutBackends, snapshot, startNode, useRedis } from './nodes.js';

const OPENING = SCHOLAR.slice(0, 3); // 1.e4 2.e5 Nf6
const FINISH = SCHOLAR.slice(3); // 3.Bc4 Qh5 Qxf7#

describe.skipIf(skipWithoutBackends()).each(BACKENDS)('restarts mid-game (%s)', (backend) => {
  const redis = useRedis(backend, { appendOnly: true });

  it('a game survives its server being replaced by another process on the same Redis', async () => {
    const first = await startNode(redis().target);
    const white = await connectClient(first.url);
    const black = await connectClient(first.url);
    let second: Awaited<ReturnType<typeof startNode>> | null = null;
    const clients = [white, black];
    try {
      const gameId = await startGame(white, black);
      for (const c of [white, black]) await call(c.socket, 'game:join', { gameId });
      await playMoves({ white, black }, gameId, OPENING);
      await first.close();

      second = await startNode(redis().target);
      const white2 = await connectClient(second.url, { token: white.session.token });
      const black2 = await connectClient(second.url, { token: black.session.token });
      clients.push(white2, black2);
      expect(white2.session.playerId).toBe(white.session.playerId);
      for (const c of [white2, black2]) {
        const { snapshot: s, seat } = await call(c.socket, 'game:join', { gameId });
        expect(seat).toBe(c === white2 ? 'white' : 'black');
        expect(s.moves.map((m) => m.uci)).toEqual(OPENING.map((m) => m.uci));
        expect(s.status).toBe('playing');
      }
      await playMoves({ white: white2, black: black2 }, gameId, FINISH);
      const s = await snapshot(black2, gameId);
      expect(s.moves.map((m) => m.uci)).toEqual(SCHOLAR.map((m) => m.uci));
      expect(s.outcome?.result).toBe('1-0');
    } finally {
      await closeAll(clients, second ? [first, second] : [first]);
    }
  });

  it('a game survives a restart of redis-server itself (AOF), with the nodes reconnecting', async () => {
    const [a, b] = await Promise.all([startNode(redis().target), startNode(redis().target)]);
    const white = await connectClient(a.url);
    const black = await connectClient(b.url);
    try {
      const gameId = await startGame(white, black);
      for (const c of [white, black]) await call(c.socket, 'game:join', { gameId });
      const before = await playMoves({ white, black }, gameId, OPENING);

      await redis().restart();
      await Promise.all([a.store.ping(), b.store.ping()]);
      await waitForAdapter(a.store.client);

      const s = await snapshot(white, gameId);
      // a room counted while Redis was away may have recorded a player as gone, then back (quiet commits: no moves)
      expect(s.version).toBeGreaterThanOrEqual(before);
      expect(s.moves.map((m) => m.uci)).toEqual(OPENING.map((m) => m.uci));
      const last = await playMoves({ white, black }, gameId, FINISH);
      // the Redis adapter resubscribed: Black on node B sees White's moves made on node A
      await waitForVersion(black, gameId, last);
      const uci = black.events.flatMap((e) => (e.gameId === gameId && e.event.type === 'move' ? [e.event.uci] : []));
      expect(uci).toEqual(SCHOLAR.map((m) => m.uci));
      expect((await snapshot(black, gameId)).outcome?.result).toBe('1-0');
    } finally {
      await closeAll([white, black], [a, b]);
    }
  });
});
