import { describe, expect, it, vi } from 'vitest';
import type { RedisStore } from '../../server/src/store/redis-store.js';
import type { Store } from '../../server/src/store/store.js';
import { call, connectClient, startGame, waitFor } from '../support/game-client.js';
import { closeAll, skipWithoutBackends, startNode, useRedisServer } from './nodes.js';

/** The node's store with its refused `gameVersion` calls (the heartbeat's read) counted. */
function countingRefusals(store: RedisStore, count: { refused: number }): Store {
  const counted = Object.create(store) as RedisStore;
  counted.gameVersion = async (id: string) => {
    try {
      return await store.gameVersion(id);
    } catch (e) {
      count.refused += 1;
      throw e;
    }
  };
  return counted;
}

describe.skipIf(skipWithoutBackends())('a game lost with its Redis (no persistence)', () => {
  const redis = useRedisServer({ appendOnly: false });

  it('the players and spectators on every node hear game:gone once Redis answers without the game; nothing while it is down', async () => {
    const onA = { refused: 0 };
    const onB = { refused: 0 };
    const [a, b] = await Promise.all([
      startNode(redis().url, { heartbeatMs: 100 }, (s) => countingRefusals(s, onA)),
      startNode(redis().url, { heartbeatMs: 100 }, (s) => countingRefusals(s, onB)),
    ]);
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
      // the heartbeats of both nodes asked Redis for the game's version and were refused (after the
      // store's command timeout), at least twice each, the first a beat ago: a refusal is not taken
      // for a game that is gone
      await vi.waitFor(() => expect(Math.min(onA.refused, onB.refused)).toBeGreaterThanOrEqual(2), { timeout: 15_000, interval: 50 });
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
