import { seededRandom } from '@progressive-chess/shared';
import { describe, expect, it } from 'vitest';
import { abortedError, type ComputePool } from '../../server/src/compute/pool.js';
import { createWorkerPool } from '../../server/src/compute/worker-pool.js';
import type { Store } from '../../server/src/store/store.js';
import { call, connectClient, waitFor } from '../support/game-client.js';
import { skipWithoutRedis } from '../support/redis-server.js';
import { FAST_HUMAN_LIMITS, playAsHuman } from '../support/scripted-human.js';
import { closeAll, startNode, useRedisServer } from './nodes.js';

/** A real pool that records the states each node was asked to think about. */
function recording(pool: ComputePool, seen: string[]): ComputePool {
  return {
    run: (kind, input, opts) => {
      if (kind === 'bot-series') seen.push((input as { state: string }).state);
      return pool.run(kind, input, opts);
    },
    stats: () => pool.stats(),
    close: () => pool.close(),
  };
}

/** A node that never finishes thinking (its search hangs until cancelled): its turn is held by its lease alone. */
function hanging(thinking: () => void): ComputePool {
  const pool = createWorkerPool({ size: 1 });
  return {
    run: (_kind, _input, opts) =>
      new Promise((_resolve, reject) => {
        thinking();
        opts?.signal?.addEventListener('abort', () => reject(abortedError()), { once: true });
      }),
    stats: () => pool.stats(),
    close: () => pool.close(),
  };
}

/** The store with its deadline claims allowed only while `allow()` says so. */
function gatedClaims(store: Store, allow: () => boolean): Store {
  const wrapped = Object.create(store) as Store;
  // refused: as if something were due now, so that the worker asks again at its next tick
  wrapped.claimDueGames = async (now, limit, leaseMs) => (allow() ? store.claimDueGames(now, limit, leaseMs) : { ids: [], next: now });
  return wrapped;
}

const QUICK = { pauseMs: [0, 0] as const, leaseMs: 1000 };

describe.skipIf(skipWithoutRedis())('the computer on two nodes', () => {
  const redis = useRedisServer();

  it('each bot turn is thought about by one node only, and the game is played to its end', async () => {
    const seenA: string[] = [];
    const seenB: string[] = [];
    const a = await startNode(redis().url, { compute: recording(createWorkerPool({ size: 1 }), seenA), bot: QUICK, ...FAST_HUMAN_LIMITS });
    const b = await startNode(redis().url, { compute: recording(createWorkerPool({ size: 1 }), seenB), bot: QUICK, ...FAST_HUMAN_LIMITS });
    const human = await connectClient(a.url, { name: 'Human' });
    try {
      const { gameId } = await call(human.socket, 'bot:play', { variant: 'scottish', timeControl: { kind: 'none' }, color: 'white', level: 1 });
      const game = await playAsHuman(human, gameId, { random: seededRandom(4), timeoutMs: 60_000 });
      expect(game.outcome).not.toBeNull();
      expect(game.resyncs).toBe(0);
      const all = [...seenA, ...seenB];
      expect(all.length).toBeGreaterThan(0);
      // No position was searched twice (by two nodes, or twice by one).
      expect(new Set(all).size).toBe(all.length);
      console.log(`bot turns searched: node A ${seenA.length}, node B ${seenB.length}; the human played ${game.played} moves`);
    } finally {
      await closeAll([human], [a, b]);
    }
  });

  it('a node that stops while holding the bot turn does not stall the game: the other node takes it after the lease', async () => {
    let aThinking = false;
    let aHeld = false;
    const a = await startNode(redis().url, { compute: hanging(() => (aThinking = true)), bot: QUICK }, (s) => gatedClaims(s, () => !aHeld));
    // B claims nothing until A has taken the bot's first turn.
    const b = await startNode(redis().url, { bot: QUICK }, (s) => gatedClaims(s, () => aThinking));
    const human = await connectClient(b.url, { name: 'Human' });
    try {
      const { gameId } = await call(human.socket, 'bot:play', { variant: 'scottish', timeControl: { kind: 'none' }, color: 'black', level: 1 });
      await call(human.socket, 'game:join', { gameId });
      const moved = waitFor(human.socket, 'game:event', (e) => e.gameId === gameId && e.event.type === 'move', 20_000);
      const start = Date.now();
      while (!aThinking && Date.now() - start < 10_000) await new Promise((r) => setTimeout(r, 20));
      expect(aThinking).toBe(true);
      aHeld = true;
      await a.close(); // A goes away mid-thought, without settling its claim
      const stopped = Date.now();
      const [event] = await moved;
      // the bot (White) opened: the game's first move
      expect(event).toMatchObject({ version: 2, event: { type: 'move' } });
      console.log(`bot turn taken over ${Date.now() - stopped} ms after the holder stopped (lease ${QUICK.leaseMs} ms)`);
    } finally {
      await closeAll([human], [a, b]);
    }
  });
});
