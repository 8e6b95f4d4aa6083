import type { TimeControl } from '@progressive-chess/shared';
import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../src/store/memory-store.js';
import { Client, createGame, manualClock, playMoves, startServer, gameWithPlayers } from './helpers.js';

const FISCHER_10_2: TimeControl = { kind: 'fischer', initial: 10, increment: 2 };

async function timedGame(opts: { fen?: string; tickMs?: number; timeControl?: TimeControl } = {}) {
  const clock = manualClock();
  const { server, white, black, others, gameId } = await gameWithPlayers({
    deps: { now: clock.now, deadlineTickMs: opts.tickMs ?? 10, firstMoveGraceMs: 30_000 },
    game: { variant: 'scottish', timeControl: opts.timeControl ?? FISCHER_10_2, ...(opts.fen ? { fen: opts.fen } : {}) },
    others: 1,
    join: 'all',
  });
  return { clock, server, white, black, watcher: others[0]!, gameId };
}

describe('clocks', () => {
  it('runs during the whole series and credits the increment per move played', async () => {
    const { clock, white, black, gameId } = await timedGame();
    let v = await playMoves(white, gameId, 1, ['e2e4']); // first move: the clock starts with it
    let s = (await white.ok('game:resync', { gameId })).snapshot;
    expect(s.clocks).toMatchObject({ white: 12_000, black: 10_000, running: null });
    clock.advance(5000); // black's first move is still in its grace period: no clock yet
    v = await playMoves(black, gameId, v, ['f7f6']);
    clock.advance(3000);
    s = (await white.ok('game:resync', { gameId })).snapshot;
    expect(s.clocks).toMatchObject({ black: 7000, running: 'black', serverNow: clock.now() });
    v = await playMoves(black, gameId, v, ['g7g5']);
    s = (await white.ok('game:resync', { gameId })).snapshot;
    // 10 s - 3 s + 2 moves x 2 s; White's clock now runs for turn 3.
    expect(s.clocks).toMatchObject({ white: 12_000, black: 11_000, running: 'white' });
    clock.advance(1500);
    v = await playMoves(white, gameId, v, ['d1h5']);
    s = (await white.ok('game:resync', { gameId })).snapshot;
    expect(s.outcome).toEqual({ result: '1-0', reason: 'checkmate' });
    expect(s.clocks).toMatchObject({ white: 10_500, running: null });
    expect(v).toBe(5);
  });

  it('flags a player with no client traffic at all', async () => {
    const { clock, white, black, watcher, gameId } = await timedGame();
    let v = await playMoves(white, gameId, 1, ['e2e4']);
    v = await playMoves(black, gameId, v, ['f7f6']);
    const over = watcher.next('game:event', (e) => e.gameId === gameId && e.event.type === 'game-over');
    clock.advance(10_001);
    const e = await over;
    expect(e.version).toBe(v + 1);
    expect(e.event).toMatchObject({ type: 'game-over', outcome: { result: '1-0', reason: 'timeout' } });
    const s = (await watcher.ok('game:resync', { gameId })).snapshot;
    expect(s.status).toBe('finished');
    expect(s.clocks.black).toBe(0);
  });

  it('a deadline claimed by a node that died before resolving it fires after the lease', async () => {
    const clock = manualClock();
    const store = createMemoryStore();
    const server = await startServer({ store, now: clock.now, deadlineTickMs: 10, deadlineLeaseMs: 5_000 });
    const [white, black, watcher, w2, b2] = await Promise.all([1, 2, 3, 4, 5].map(() => Client.connect(server)));
    if (!white || !black || !watcher || !w2 || !b2) throw new Error('clients');
    const gameId = await createGame(server, white, black, { variant: 'scottish', timeControl: FISCHER_10_2 });
    for (const c of [white, black, watcher]) await c.ok('game:join', { gameId });
    let v = await playMoves(white, gameId, 1, ['e2e4']);
    v = await playMoves(black, gameId, v, ['f7f6']); // Black's 10 s now run
    // A canary whose Black flags 1 ms after this game's (nobody claims it): its flag proves this node's
    // deadline worker has looked at the games after both were due.
    clock.advance(1);
    const canary = await createGame(server, w2, b2, { variant: 'scottish', timeControl: FISCHER_10_2 });
    await watcher.ok('game:join', { gameId: canary });
    await playMoves(b2, canary, await playMoves(w2, canary, 1, ['e2e4']), ['f7f6']);
    const canaryOver = watcher.next('game:event', (e) => e.gameId === canary && e.event.type === 'game-over');
    // Another node claims the due deadline and crashes before it commits anything.
    const flagAt = clock.now() + 10_000;
    expect((await store.claimDueGames(flagAt - 1, 10, 5_000)).ids).toEqual([gameId]);
    clock.set(flagAt);
    await canaryOver;
    expect((await watcher.ok('game:resync', { gameId })).snapshot.status).toBe('playing');
    // When the lease runs out, this node takes the deadline over and flags Black.
    const over = watcher.next('game:event', (e) => e.event.type === 'game-over');
    clock.advance(5_000);
    const e = await over;
    expect(e.version).toBe(v + 1);
    expect(e.event).toMatchObject({ type: 'game-over', outcome: { result: '1-0', reason: 'timeout' } });
  });

  it('a flag against a lone king is a draw', async () => {
    // White has only its king; Black's flag cannot lose to it.
    const { clock, white, black, watcher, gameId } = await timedGame({ fen: 'k7/8/8/8/8/8/6q1/K7 w - - 0 1' });
    const v = await playMoves(white, gameId, 1, ['a1b1']);
    await playMoves(black, gameId, v, ['g2g3']);
    const over = watcher.next('game:event', (e) => e.event.type === 'game-over');
    clock.advance(11_000);
    expect((await over).event).toMatchObject({ outcome: { result: '1/2-1/2', reason: 'timeout-vs-insufficient-material' } });
  });

  it('a move arriving after the flag loses on time', async () => {
    const { clock, white, black, gameId } = await timedGame({ tickMs: 60_000 });
    let v = await playMoves(white, gameId, 1, ['e2e4']);
    v = await playMoves(black, gameId, v, ['f7f6']);
    clock.advance(10_000);
    expect(await black.send('game:move', { gameId, version: v, move: 'g7g5' })).toMatchObject({ ok: false, code: 'game-over' });
    const s = (await white.ok('game:resync', { gameId })).snapshot;
    expect(s.outcome).toEqual({ result: '1-0', reason: 'timeout' });
    expect(s.moves.map((m) => m.uci)).toEqual(['e2e4', 'f7f6']);
  });

  it('aborts a game whose first mover never moves', async () => {
    const { clock, watcher, gameId } = await timedGame();
    const over = watcher.next('game:event', (e) => e.event.type === 'game-over');
    clock.advance(29_000);
    clock.advance(1_000);
    expect((await over).event).toMatchObject({ outcome: { result: null, reason: 'aborted' } });
    expect((await watcher.ok('game:resync', { gameId })).snapshot.status).toBe('finished');
  });

  it('aborts when the second player makes no first move within the grace period', async () => {
    const { clock, white, watcher, gameId } = await timedGame();
    clock.advance(20_000);
    await playMoves(white, gameId, 1, ['e2e4']);
    const over = watcher.next('game:event', (e) => e.event.type === 'game-over');
    clock.advance(30_000);
    expect((await over).event).toMatchObject({ outcome: { result: null, reason: 'aborted' } });
  });

  it("the clock views carry the running first-move deadline: the server's, to the millisecond", async () => {
    const { clock, white, black, watcher, gameId } = await timedGame();
    const created = clock.now();
    let s = (await watcher.ok('game:resync', { gameId })).snapshot;
    expect(s.clocks.firstMoveBy).toBe(created + 30_000);
    clock.advance(20_000);
    // White's one-move series ends the turn: Black's grace starts now, and the move event says so
    const seen = watcher.next('game:event', (e) => e.event.type === 'move');
    let v = await playMoves(white, gameId, 1, ['e2e4']);
    const ev = (await seen).event;
    expect(ev.type === 'move' && ev.clocks.firstMoveBy).toBe(created + 50_000);
    s = (await watcher.ok('game:resync', { gameId })).snapshot;
    expect(s.clocks.firstMoveBy).toBe(created + 50_000);
    // Black's first move: no deadline runs any more
    v = await playMoves(black, gameId, v, ['e7e5']);
    s = (await watcher.ok('game:resync', { gameId })).snapshot;
    expect(s.clocks).not.toHaveProperty('firstMoveBy');
    expect(v).toBe(3);
  });

  it('a first-move abort: its game-over event carries the deadline that ran out', async () => {
    const { clock, white, watcher, gameId } = await timedGame();
    clock.advance(20_000);
    await playMoves(white, gameId, 1, ['e2e4']);
    const due = clock.now() + 30_000;
    const over = watcher.next('game:event', (e) => e.event.type === 'game-over');
    clock.advance(30_000);
    const ev = (await over).event;
    expect(ev.type === 'game-over' && ev.clocks.firstMoveBy).toBe(due);
    expect(ev.type === 'game-over' && ev.clocks.serverNow).toBeGreaterThanOrEqual(due);
    // the finished game's snapshot has no running deadline; its outcome says why it was aborted
    const { snapshot } = await watcher.ok('game:resync', { gameId });
    expect(snapshot.clocks).not.toHaveProperty('firstMoveBy');
    expect(snapshot.outcome).toEqual({ result: null, reason: 'aborted', abort: 'first-move-timeout' });
  });

  it('per-turn budgets are fresh every turn and sized by the series length', async () => {
    const { clock, white, black, gameId } = await timedGame({ timeControl: { kind: 'per-turn', base: 5, perMove: 2 } });
    let v = await playMoves(white, gameId, 1, ['e2e4']);
    v = await playMoves(black, gameId, v, ['f7f6']);
    clock.advance(4000);
    v = await playMoves(black, gameId, v, ['g7g5']);
    const s = (await white.ok('game:resync', { gameId })).snapshot;
    expect(s.clocks).toMatchObject({ white: (5 + 2 * 3) * 1000, running: 'white' });
    expect(v).toBe(4);
  });

  it('correspondence: days per turn, no first-move grace', async () => {
    const { clock, white, black, gameId } = await timedGame({ timeControl: { kind: 'correspondence', daysPerTurn: 2 } });
    clock.advance(3_600_000);
    let s = (await black.ok('game:resync', { gameId })).snapshot;
    expect(s.status).toBe('playing');
    const v = await playMoves(white, gameId, 1, ['e2e4']);
    clock.advance(3_600_000);
    await playMoves(black, gameId, v, ['e7e5']);
    s = (await black.ok('game:resync', { gameId })).snapshot;
    expect(s.clocks).toMatchObject({ white: 2 * 86_400_000, running: 'black', black: 2 * 86_400_000 });
  });
});
