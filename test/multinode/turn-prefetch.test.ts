import { describe, expect, it } from 'vitest';
import { call, connectClient, startGame, waitForVersion } from '../support/game-client.js';
import { BACKENDS, closeAll, skipWithoutBackends, startNode, useRedis } from './nodes.js';
import type { RedisStore } from '../../server/src/store/redis-store.js';
import type { Store } from '../../server/src/store/store.js';

/**
 * The node's store with its `loadGameHead` calls counted (the read a command makes when its copy
 * of the game is stale): `heads` when made, `loaded` when answered.
 */
function countingHeads(store: RedisStore): Store & { heads: number; loaded: number } {
  const counted = Object.create(store) as RedisStore & { heads: number; loaded: number };
  counted.heads = 0;
  counted.loaded = 0;
  counted.loadGameHead = async (id: string) => {
    counted.heads += 1;
    const head = await store.loadGameHead(id);
    counted.loaded += 1;
    return head;
  };
  return counted;
}

const until = async (ok: () => boolean, ms = 2_000): Promise<void> => {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe.skipIf(skipWithoutBackends()).each(BACKENDS)('the turn passes to a player on another node (%s)', (backend) => {
  const redis = useRedis(backend);

  it('that node loads the game ahead of the player`s move, which then needs no store read on its path', async () => {
    let onB: (Store & { heads: number; loaded: number }) | null = null;
    const a = await startNode(redis().target);
    const b = await startNode(redis().target, {}, (s) => (onB = countingHeads(s)));
    const white = await connectClient(a.url, { name: 'White on A' });
    const black = await connectClient(b.url, { name: 'Black on B' });
    try {
      const gameId = await startGame(white, black);
      for (const c of [white, black]) await call(c.socket, 'game:join', { gameId });
      const store = onB as unknown as Store & { heads: number; loaded: number };
      const { version } = await call(white.socket, 'game:move', { gameId, version: 1, move: 'e2e4' });
      // White's turn (one move) is over: node A told node B, which loads version 2 at once (the
      // move's event may reach Black first: on one Redis the commit itself publishes it)
      await until(() => store.loaded >= 1);
      await waitForVersion(black, gameId, version);
      const before = store.heads;
      const played = await call(black.socket, 'game:move', { gameId, version, move: 'e7e5' });
      expect(played.version).toBe(version + 1);
      expect(store.heads).toBe(before); // started from the prefetched copy
      // a move that does not end the turn announces nothing: Black still has a move to play
      await new Promise((r) => setTimeout(r, 100));
      expect(store.heads).toBe(before);
    } finally {
      await closeAll([white, black], [a, b]);
    }
  });
});
