import { describe, expect, it } from 'vitest';
import { call, connectClient, startGame, waitFor } from '../support/game-client.js';
import { closeAll, skipWithoutBackends, startNode, useRedisServer } from './nodes.js';

describe.skipIf(skipWithoutBackends())('a game lost with its Redis (no persistence)', () => {
  const redis = useRedisServer({ appendOnly: false });

  it('the players and spectators on every node hear game:gone once Redis answers without the game; nothing while it is down', async () => {
    const [a, b] = await Promise.all([startNode(redis().url, { heartbeatMs: 100 }), startNode(redis().url, { heartbeatMs: 100 })]);
    const white = await connectClient(a.url);
    const black = await connectClient(b.url);
    const watcher = await connectClient(b.url);
    const clients = [white, black, watcher];
    try {
      const gameId = await startGame(white, black);
      for (const c of clients) await call(c.socket, 'game:join', { gameId });
      const gone: string[] = [];
      for (const c of clients) c.socket.on('game:gone', (g) => gone.push(g.gameId));
      await waitFor(watcher.socket, 'game:heartbeat', (h) => h.gameId === gameId);

      await redis().kill();
      await new Promise((r) => setTimeout(r, 600)); // several heartbeats with Redis down
      expect(gone).toEqual([]);
      const told = clients.map((c) => waitFor(c.socket, 'game:gone', (g) => g.gameId === gameId, 15_000));
      await redis().relaunch(); // empty: nothing was persisted
      await Promise.all(told);
      expect(gone).toEqual([gameId, gameId, gameId]);
      const refused = await watcher.socket.timeout(5_000).emitWithAck('game:resync', { gameId });
      expect(refused).toMatchObject({ ok: false, code: 'unknown-game' });
    } finally {
      await closeAll(clients, [a, b]);
    }
  });

  it('the lobby on every node hears lobby:resync once its Redis subscriber is back (lobby events may have been lost)', async () => {
    const [a, b] = await Promise.all([startNode(redis().url), startNode(redis().url)]);
    const watchers = [await connectClient(a.url), await connectClient(b.url)];
    const elsewhere = await connectClient(b.url); // not subscribed to the lobby
    try {
      for (const w of watchers) await call(w.socket, 'lobby:subscribe', {});
      let stray = 0;
      elsewhere.socket.on('lobby:resync', () => (stray += 1));
      const told = watchers.map((w) => waitFor(w.socket, 'lobby:resync', () => true, 15_000));
      await redis().kill();
      await new Promise((r) => setTimeout(r, 300));
      await redis().relaunch();
      await Promise.all(told);
      // a fresh listing answers again
      expect(await call(watchers[1]!.socket, 'lobby:subscribe', {})).toMatchObject({ seeks: [], games: [] });
      expect(stray).toBe(0);
    } finally {
      await closeAll([...watchers, elsewhere], [a, b]);
    }
  });
});
