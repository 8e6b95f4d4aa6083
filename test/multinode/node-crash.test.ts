import type { PresenceEvent, SpectatorsEvent } from '@progressive-chess/shared';
import { describe, expect, it } from 'vitest';
import { call, connectClient, startGame, type Client } from '../support/game-client.js';
import { startChildNode } from './child-node.js';
import { BACKENDS, closeAll, skipWithoutBackends, startNode, useRedis } from './nodes.js';

/** The node count is read with every presence batch (250 ms, room-presence.ts); a fall recounts the rooms. */
const NOTICED_WITHIN_MS = 3_000;

describe.skipIf(skipWithoutBackends()).each(BACKENDS)('a node that crashes (%s)', (backend) => {
  const redis = useRedis(backend);

  it("is noticed by the other node's players: its player goes offline and its spectator is no longer counted", async () => {
    const a = await startNode(redis().target);
    const b = await startChildNode({ redis: redis().target });
    // White and a spectator on node B (which crashes), Black on node A.
    const white = await connectClient(b.url);
    const watcher = await connectClient(b.url);
    const black = await connectClient(a.url);
    try {
      const gameId = await startGame(white, black);
      const presence: PresenceEvent[] = [];
      const spectators: SpectatorsEvent[] = [];
      black.socket.on('game:presence', (p) => presence.push(p));
      black.socket.on('game:spectators', (s) => spectators.push(s));
      await call(black.socket, 'game:join', { gameId });
      for (const c of [white, watcher]) await call(c.socket, 'game:join', { gameId });
      // the rooms are counted in batches: wait for the count of all three
      await until(async () => {
        const s = await live(black, gameId);
        return s.white && s.black && s.spectators === 1;
      }, 5_000);

      await b.kill();
      const crashed = Date.now();
      await until(async () => presence.some((p) => p.color === 'white' && !p.online) && spectators.at(-1)?.count === 0, NOTICED_WITHIN_MS);
      expect(Date.now() - crashed).toBeLessThan(NOTICED_WITHIN_MS);
      expect(await live(black, gameId)).toEqual({ white: false, black: true, spectators: 0 });
    } finally {
      await closeAll([white, watcher, black], [a]);
      await b.close();
    }
  });
});

async function live(c: Client, gameId: string): Promise<{ white: boolean; black: boolean; spectators: number }> {
  const s = (await call(c.socket, 'game:resync', { gameId })).snapshot;
  return { white: s.players.white.online, black: s.players.black.online, spectators: s.spectators };
}

async function until(cond: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error(`condition not met in time: ${cond.toString().slice(0, 120)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
