import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../server/src/limits.js';
import { deadlineOf, parseDoc } from '../../server/src/services/game-doc.js';
import type { Store } from '../../server/src/store/store.js';
import { call, connectClient, startGame, waitFor } from '../support/game-client.js';
import { skipWithoutRedis } from '../support/redis-server.js';
import { closeAll, playMoves, startNode, useRedisServer } from '../multinode/nodes.js';

/**
 * Node A claims a clock deadline (the real atomic claim in Redis) and dies on the spot: its
 * deadline worker never resolves or settles the claim. Node B, on the app's default deadline
 * settings, must still flag the game within 250 ms of the deadline.
 */

/** The store with its deadline claims gated: `allow` says whether a claim may run, `after` sees what it took. */
function gatedClaims(store: Store, allow: () => boolean, after: (ids: string[]) => Promise<string[]>): Store {
  const wrapped = Object.create(store) as Store;
  wrapped.claimDueGames = async (now, limit, leaseMs) => {
    // refused: as if something were due now, so that the worker asks again at its next tick
    if (!allow()) return { ids: [], next: now };
    const claim = await store.claimDueGames(now, limit, leaseMs);
    return { ...claim, ids: await after(claim.ids) };
  };
  return wrapped;
}

const ROUNDS = 3;
const BUDGET_MS = 250;
const PER_TURN_1S = { kind: 'per-turn', base: 1, perMove: 0 } as const;

describe.skipIf(skipWithoutRedis())('a node dies right after claiming a deadline', () => {
  const redis = useRedisServer();

  it(`the surviving node flags within ${BUDGET_MS} ms of the deadline, every round`, async () => {
    const delays: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      let claimedAt = 0;
      let thaw: () => void = () => undefined;
      const dead = new Promise<string[]>((resolve) => (thaw = () => resolve([])));
      const a = await startNode(redis().url, {}, (s) =>
        gatedClaims(
          s,
          () => claimedAt === 0,
          (ids) => {
            if (ids.length === 0) return Promise.resolve(ids);
            claimedAt = Date.now();
            return dead; // A never comes back from this claim
          },
        ),
      );
      // B runs the defaults; it takes no claim before A has taken one, so A wins the race every round
      const b = await startNode(redis().url, { deadlineTickMs: undefined }, (s) =>
        gatedClaims(s, () => claimedAt !== 0, (ids) => Promise.resolve(ids)),
      );
      const white = await connectClient(b.url);
      const black = await connectClient(b.url);
      try {
        const gameId = await startGame(white, black, { timeControl: PER_TURN_1S });
        await call(black.socket, 'game:join', { gameId });
        const over = waitFor(black.socket, 'game:event', (e) => e.gameId === gameId && e.event.type === 'game-over', 15_000);
        // 1.e4 2.e5 Nf6: White's turn 3 runs on a 1 s budget and White never moves
        await playMoves({ white, black }, gameId, [
          { color: 'white', uci: 'e2e4' },
          { color: 'black', uci: 'e7e5' },
          { color: 'black', uci: 'g8f6' },
        ]);
        const head = await b.store.loadGameHead(gameId);
        const deadline = head ? deadlineOf(parseDoc(head.doc), DEFAULT_LIMITS.lobbyAwayMs) : null;
        if (deadline === null) throw new Error('no deadline after the move');
        const [event] = await over;
        const firedAt = Date.now();
        expect(event.event).toMatchObject({ type: 'game-over', outcome: { result: '0-1', reason: 'timeout' } });
        expect(claimedAt).toBeGreaterThanOrEqual(deadline);
        delays.push(firedAt - deadline);
      } finally {
        thaw();
        await closeAll([white, black], [a, b]);
      }
    }
    console.log(`flag delay after the claimer's death (ms): ${delays.join(', ')}; worst ${Math.max(...delays)}`);
    for (const d of delays) expect(d).toBeLessThan(BUDGET_MS);
  });
});
