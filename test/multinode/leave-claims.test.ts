import { describe, expect, it } from 'vitest';
import { call, connectClient, request, startGame, waitFor } from '../support/game-client.js';
import { BACKENDS, closeAll, skipWithoutBackends, startNode, useRedis } from './nodes.js';

const CLAIM_MS = 5_000;

/** One test clock for both nodes (moved by hand). */
function sharedClock(): { now: () => number; advance(ms: number): void } {
  let t = 1_800_000_000_000;
  return { now: () => t, advance: (ms) => void (t += ms) };
}

describe.skipIf(skipWithoutBackends()).each(BACKENDS)('a player who leaves, across two nodes (%s)', (backend) => {
  const redis = useRedis(backend);

  it("the opponent's absence is counted across nodes: claims are refused, then won; time given reaches the other node", async () => {
    const clock = sharedClock();
    const deps = { now: clock.now, presenceBatchMs: 30, limits: { claimAfterMs: CLAIM_MS } };
    const [a, b] = await Promise.all([startNode(redis().target, deps), startNode(redis().target, deps)]);
    const white = await connectClient(a.url, { name: 'White on A' });
    const black = await connectClient(b.url, { name: 'Black on B' });
    const again = await connectClient(a.url, { token: black.session.token });
    try {
      const gameId = await startGame(white, black, { timeControl: { kind: 'fischer', initial: 600, increment: 5 } });
      await call(white.socket, 'game:join', { gameId });
      await call(black.socket, 'game:join', { gameId });
      await waitFor(white.socket, 'game:presence', (p) => p.color === 'black' && p.online);

      const given = waitFor(white.socket, 'game:event', (e) => e.event.type === 'time-given');
      await call(black.socket, 'game:giveTime', { gameId });
      const [time] = await given;
      expect(time.event).toMatchObject({ by: 'black', clocks: { white: 615_000 } });
      // both sides complete a turn, one on each node: claims are open (the game has really started)
      let v = (await call(white.socket, 'game:move', { gameId, version: time.version, move: 'e2e4' })).version;
      for (const move of ['e7e5', 'g8f6']) v = (await call(black.socket, 'game:move', { gameId, version: v, move })).version;

      // Black's only connection (on B) leaves: White, on A, learns when it may claim
      const left = waitFor(white.socket, 'game:event', (e) => e.event.type === 'absence' && e.event.absence.black !== null);
      black.close();
      const [absent] = await left;
      expect(absent.event).toMatchObject({ absence: { black: { claimFrom: clock.now() + CLAIM_MS } } });
      expect(await request(white.socket, 'game:claimVictory', { gameId })).toMatchObject({ ok: false, code: 'opponent-present' });

      // Black comes back on A: refused again even once the time has passed
      clock.advance(CLAIM_MS);
      const back = waitFor(white.socket, 'game:event', (e) => e.event.type === 'absence' && e.event.absence.black === null);
      await call(again.socket, 'game:join', { gameId });
      await back;
      expect(await request(white.socket, 'game:claimVictory', { gameId })).toMatchObject({ ok: false, code: 'opponent-present' });

      const gone = waitFor(white.socket, 'game:event', (e) => e.event.type === 'absence' && e.event.absence.black !== null);
      again.close();
      await gone;
      clock.advance(CLAIM_MS);
      const won = await call(white.socket, 'game:claimVictory', { gameId });
      expect(won.event).toMatchObject({ type: 'game-over', outcome: { result: '1-0', reason: 'opponent-left' } });
    } finally {
      await closeAll([white, black, again], [a, b]);
    }
  });

  it('a lobby reload on one node shows the watchers counted on the other, after a move committed on the first', async () => {
    const deps = { presenceBatchMs: 30 };
    const [a, b] = await Promise.all([startNode(redis().target, deps), startNode(redis().target, deps)]);
    const [alice, bob, dan, stranger] = await Promise.all([
      connectClient(a.url),
      connectClient(a.url),
      connectClient(b.url),
      connectClient(a.url),
    ]);
    try {
      const { seek } = await call(alice.socket, 'seek:create', { variant: 'scottish', timeControl: { kind: 'none' }, color: 'white', visibility: 'public' });
      const { gameId } = await call(bob.socket, 'seek:accept', { seekId: seek.id });
      await call(stranger.socket, 'lobby:subscribe', {});
      const watched = waitFor(stranger.socket, 'lobby:gameUpdated', (g) => g.id === gameId && g.spectators === 1);
      await call(dan.socket, 'game:join', { gameId });
      await watched;
      // a move committed on A after the count on B keeps it, in the feed and the listing
      const turned = waitFor(stranger.socket, 'lobby:gameUpdated', (g) => g.id === gameId && g.turn === 2);
      await call(alice.socket, 'game:move', { gameId, version: 1, move: 'e2e4' });
      expect((await turned)[0].spectators).toBe(1);
      const listed = await call(stranger.socket, 'lobby:subscribe', {});
      expect(listed.games.find((g) => g.id === gameId)?.spectators).toBe(1);
      const left = waitFor(stranger.socket, 'lobby:gameUpdated', (g) => g.id === gameId && g.spectators === 0);
      dan.close();
      await left;
      expect((await call(stranger.socket, 'lobby:subscribe', {})).games.find((g) => g.id === gameId)?.spectators).toBe(0);
    } finally {
      await closeAll([alice, bob, dan, stranger], [a, b]);
    }
  });
});
