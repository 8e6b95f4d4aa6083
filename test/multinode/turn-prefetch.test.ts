import { describe, expect, it } from 'vitest';
import { call, connectClient, startGame, waitForVersion } from '../support/game-client.js';
import { BACKENDS, closeAll, skipWithoutBackends, startNode, useRedis } from './nodes.js';
import type { RedisStore } from '../../server/src/store/redis-store.js';
import type { Store } from '../../server/src/store/store.js';

/**
 * The node's store with its `loadGameHead` calls counted (the read a command makes when its copy
 * of the game is stale): `heads` when made, `loaded` when answered, with the `versions` loaded.
 */
type Counted = Store & { heads: number; loaded: number; versions: number[] };
function countingHeads(store: RedisStore): Counted {
  const counted = Object.create(store) as RedisStore & Counted;
  counted.heads = 0;
  counted.loaded = 0;
  counted.versions = [];
  counted.loadGameHead = async (id: string) => {
    counted.heads += 1;
    const head = await store.loadGameHead(id);
    counted.loaded += 1;
    if (head) counted.versions.push(head.version);
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
    let onB: Counted | null = null;
    const a = await startNode(redis().target);
    const b = await startNode(redis().target, {}, (s) => (onB = countingHeads(s)));
    const white = await connectClient(a.url, { name: 'White on A' });
    const black = await connectClient(b.url, { name: 'Black on B' });
    try {
      const gameId = await startGame(white, black);
      for (const c of [white, black]) await call(c.socket, 'game:join', { gameId });
      const store = onB as unknown as Counted;
      const { version } = await call(white.socket, 'game:move', { gameId, version: 1, move: 'e2e4' });
      // White's turn (one move) is over: node A told node B, which loads version 2 at once (the
      // move's event may reach Black first: on one Redis the commit itself publishes it)
      await until(() => store.loaded >= 1);
      await waitForVersion(black, gameId, version);
      const before = store.heads;
      const played = await call(black.socket, 'game:move', { gameId, version, move: 'e7e5' });
      expect(played.version).toBe(version + 1);
      expect(store.heads).toBe(before); // started from the prefetched copy
      // a move that does not end the turn announces nothing: Black still has a move to play. Node B
      // loads again for the next turn that comes to Black (White's turn 3 over), and only for it.
      const loadedBefore = store.versions.length;
      const ended = await call(black.socket, 'game:move', { gameId, version: played.version, move: 'd7d5' });
      let v = ended.version;
      for (const move of ['d2d4', 'g1f3', 'b1c3']) v = (await call(white.socket, 'game:move', { gameId, version: v, move })).version;
      await until(() => store.versions.includes(v));
      expect(store.versions.slice(loadedBefore)).toEqual([v]);
    } finally {
      await closeAll([white, black], [a, b]);
    }
  });
});
