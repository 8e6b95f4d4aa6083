import { describe, expect, it } from 'vitest';
import { call, connectClient, startGame } from '../support/game-client.js';
import { followGame } from '../support/game-follower.js';
import { startChildNode } from './child-node.js';
import { BACKENDS, closeAll, playMoves, skipWithoutBackends, startNode, useRedis } from './nodes.js';

/** How soon after its node resumes a player must learn the result (issue 12). */
const LEARN_WITHIN_MS = 1_000;

describe.skipIf(skipWithoutBackends()).each(BACKENDS)('no event is lost across a Redis restart (%s)', (backend) => {
  const redis = useRedis(backend, { appendOnly: true });

  it('players on a node paused across a Redis restart learn of a flag fired meanwhile, within a second of it resuming', async () => {
    // Node A (this process) fires deadlines. Node B (a child process, paused below) fires none, and
    // its periodic heartbeat is too slow to matter here: only its recovery on resubscription can help.
    const a = await startNode(redis().target);
    const b = await startChildNode({ redis: redis().target, deadlineTickMs: 3_600_000, heartbeatMs: 600_000 });
    const white = await connectClient(b.url);
    const black = await connectClient(b.url);
    try {
      const gameId = await startGame(white, black, { timeControl: { kind: 'per-turn', base: 2, perMove: 0 } });
      for (const c of [white, black]) await call(c.socket, 'game:join', { gameId });
      // 1.e4 2.e5 Nf6: White's turn 3 now runs on a 2 s budget, and White will not move.
      const last = await playMoves({ white, black }, gameId, [
        { color: 'white', uci: 'e2e4' },
        { color: 'black', uci: 'e7e5' },
        { color: 'black', uci: 'g8f6' },
      ]);
      const followers = [white, black].map((c) => followGame(c, gameId, last));
      await Promise.all(followers.map((f) => f.until((x) => x.version === last)));

      b.pause();
      await redis().restart();
      // Node A flags the game while B is away: its game-over event is published to nobody on B.
      await waitFor(async () => (await a.store.loadGameHead(gameId))?.version === last + 1, 10_000);
      expect(followers.map((f) => f.outcome)).toEqual([null, null]);

      const resumed = Date.now();
      b.resume();
      await Promise.all(followers.map((f) => f.until((x) => x.outcome !== null, 10_000)));
      const tookMs = Date.now() - resumed;
      for (const f of followers) {
        expect(f.outcome).toEqual({ result: '0-1', reason: 'timeout' });
        expect(f.version).toBe(last + 1);
      }
      expect(tookMs).toBeLessThan(LEARN_WITHIN_MS);
      followers.forEach((f) => f.stop());
    } finally {
      await closeAll([white, black], [a]);
      await b.close();
    }
  });
});

async function waitFor(cond: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await cond())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}
