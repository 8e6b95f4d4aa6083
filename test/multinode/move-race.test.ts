import { decodeState, legalMoves, makeUci } from '@progressive-chess/shared';
import { describe, expect, it } from 'vitest';
import { type Client, call, connectClient, request, startGame, waitForVersion } from '../support/game-client.js';
import { BACKENDS, closeAll, skipWithoutBackends, snapshot, startNode, useRedis } from './nodes.js';

describe.skipIf(skipWithoutBackends()).each(BACKENDS)('concurrent moves on one game from two nodes (%s)', (backend) => {
  const redis = useRedis(backend);

  it('exactly one of two simultaneous moves at a version commits; nothing is lost or duplicated', async () => {
    const [a, b] = await Promise.all([startNode(redis().target), startNode(redis().target)]);
    const whiteA = await connectClient(a.url);
    const blackB = await connectClient(b.url);
    // the same players again, on the other node (same token): each side races itself across nodes
    const whiteB = await connectClient(b.url, { token: whiteA.session.token });
    const blackA = await connectClient(a.url, { token: blackB.session.token });
    const watcher = await connectClient(b.url);
    const all = [whiteA, whiteB, blackA, blackB, watcher];
    try {
      expect(whiteB.session.playerId).toBe(whiteA.session.playerId);
      const gameId = await startGame(whiteA, blackB);
      for (const c of all) await call(c.socket, 'game:join', { gameId });
      const racers: Record<'white' | 'black', [Client, Client]> = { white: [whiteA, whiteB], black: [blackA, blackB] };

      let wins = 0;
      let refused = 0;
      for (let round = 0; round < 24; round++) {
        const snap = await snapshot(watcher, gameId);
        if (snap.status !== 'playing') break;
        const decoded = decodeState(snap.state);
        if (!decoded.ok) throw new Error(decoded.error.message);
        const state = decoded.value;
        const moves = legalMoves(state).map(makeUci);
        // two different moves when possible, sent at the same version through the two nodes
        const pick = [moves[round % moves.length], moves[(round + 1) % moves.length]];
        const acks = await Promise.all(
          racers[state.color].map((c, i) =>
            request(c.socket, 'game:move', { gameId, version: snap.version, move: pick[i] ?? '' }),
          ),
        );
        const ok = acks.filter((r) => r.ok);
        expect(ok).toHaveLength(1);
        for (const r of acks) if (!r.ok) expect(r.code).toBe('stale-version');
        wins += ok.length;
        refused += acks.length - ok.length;
        await waitForVersion(watcher, gameId, snap.version + 1);
      }
      expect(wins).toBeGreaterThan(10);
      expect(refused).toBe(wins);

      const final = await snapshot(blackA, gameId);
      expect(final.moves).toHaveLength(wins);
      const seen = watcher.events.filter((e) => e.gameId === gameId && e.event.type === 'move');
      expect(seen.map((e) => (e.event.type === 'move' ? e.event.uci : ''))).toEqual(final.moves.map((m) => m.uci));
      const versions = seen.map((e) => e.version);
      expect(versions).toEqual(Array.from({ length: versions.length }, (_, i) => (versions[0] ?? 0) + i));
      const stored = await a.store.loadGame(gameId);
      expect(stored?.moves).toHaveLength(wins);
      expect(stored?.version).toBe(final.version);
    } finally {
      await closeAll(all, [a, b]);
    }
  });
});
