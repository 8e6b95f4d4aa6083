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
});
