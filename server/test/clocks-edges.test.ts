import type { GameEvent, GameSnapshot, TimeControl } from '@progressive-chess/shared';
import { describe, expect, it } from 'vitest';
import { Client, gameWithPlayers, manualClock, playMoves, sleep } from './helpers.js';

/**
 * Clocks at their edges, as players and a spectator meet them (docs/rules.md section 9): the
 * increment per move played, the first-move grace to the millisecond, flags in the middle of a
 * series, per-turn budgets of long series, correspondence and untimed games, and the commands
 * (abort, resign, draw) around a clock that has run out.
 */
const FISCHER: TimeControl = { kind: 'fischer', initial: 10, increment: 2 };
const DAY = 86_400_000;

async function game(opts: { timeControl?: TimeControl; fen?: string; turn?: number; variant?: 'scottish' | 'take-all' | 'cost'; abandonAfterMs?: number; tickMs?: number } = {}) {
  const clock = manualClock();
  const limits = opts.abandonAfterMs === undefined ? {} : { limits: { abandonAfterMs: opts.abandonAfterMs } };
  const { server, white, black, others, gameId } = await gameWithPlayers({
    deps: { now: clock.now, deadlineTickMs: opts.tickMs ?? 10, firstMoveGraceMs: 30_000, ...limits },
    game: { variant: opts.variant ?? 'scottish', timeControl: opts.timeControl ?? FISCHER, ...(opts.fen ? { fen: opts.fen, turn: opts.turn ?? 1 } : {}) },
    others: 1,
    join: 'all',
  });
  const watcher = others[0]!;
  const snapshot = async () => (await watcher.ok('game:resync', { gameId })).snapshot;
  const overFor = (c: Client) => c.next('game:event', (e) => e.gameId === gameId && e.event.type === 'game-over');
  return { clock, server, white, black, watcher, gameId, snapshot, overFor };
}

/** Lets the deadline worker (10 ms tick) look at the store a few times. */
const ticks = () => sleep(80);

describe('clocks at their edges', () => {
  it('Fischer credits the increment per move played, also when a check cuts the series short', async () => {
    const { clock, white, black, gameId, snapshot } = await game();
    let v = await playMoves(white, gameId, 1, ['e2e4']);
    v = await playMoves(black, gameId, v, ['e7e5', 'b8c6']);
    expect((await snapshot()).clocks).toMatchObject({ white: 12_000, black: 14_000, running: 'white' });
    clock.advance(1_000);
    // Turn 3 owes 3 moves; Qxf7+ gives check on the second and ends the series: 2 increments.
    v = await playMoves(white, gameId, v, ['d1h5', 'h5f7']);
    const s = await snapshot();
    expect(s.clocks).toMatchObject({ white: 12_000 - 1_000 + 2 * 2_000, black: 14_000, running: 'black' });
    expect(v).toBe(6);
  });

  it('Fischer in a cost variant: a passed turn earns the increment of the moves played, not of its points', async () => {
    const { clock, white, black, gameId, snapshot } = await game({ variant: 'cost' });
    let v = await playMoves(white, gameId, 1, ['e2e4']);
    v = await playMoves(black, gameId, v, ['e7e5']);
    clock.advance(1_000);
    v = await playMoves(white, gameId, v, ['d2d4']); // 1 of Turn 3's 2 points
    v = (await white.ok('game:endTurn', { gameId, version: v })).version;
    expect((await snapshot()).clocks).toMatchObject({ white: 12_000 - 1_000 + 2_000, running: 'black' });
    expect(v).toBe(5);
  });

  it("a side's clock starts with its own first move: the opponent's first-move grace costs it nothing", async () => {
    const { clock, white, black, gameId, snapshot } = await game();
    clock.advance(25_000); // White's grace, not its clock
    let v = await playMoves(white, gameId, 1, ['e2e4']);
    expect((await snapshot()).clocks).toMatchObject({ white: 12_000, black: 10_000, running: null });
    clock.advance(29_999); // Black's grace: still no clock runs
    v = await playMoves(black, gameId, v, ['e7e5']);
    expect((await snapshot()).clocks).toMatchObject({ white: 12_000, black: 10_000, running: 'black' });
    clock.advance(4_000);
    await playMoves(black, gameId, v, ['g8f6']);
    expect((await snapshot()).clocks).toMatchObject({ white: 12_000, black: 6_000 + 4_000, running: 'white' });
  });

  it('the first-move grace: a move 1 ms before its end is played, at its end the game is aborted for all three', async () => {
    const { clock, white, black, watcher, gameId, snapshot, overFor } = await game();
    clock.advance(29_999);
    const v = await playMoves(white, gameId, 1, ['e2e4']);
    clock.advance(29_999);
    await ticks();
    expect((await snapshot()).status).toBe('playing');
    const overs = [white, black, watcher].map(overFor);
    clock.advance(1);
    const events = await Promise.all(overs);
    for (const e of events) {
      expect(e.version).toBe(v + 1);
      expect(e.event).toMatchObject({ type: 'game-over', outcome: { result: null, reason: 'aborted' } });
    }
    expect(await black.send('game:move', { gameId, version: v, move: 'e7e5' })).toMatchObject({ ok: false, code: 'game-over' });
    // nobody's clock ran: both keep what they had
    expect((await snapshot()).clocks).toMatchObject({ white: 12_000, black: 10_000, running: null });
  });

  it('a move arriving exactly at the end of the grace is refused and aborts the game', async () => {
    const { clock, white, gameId, snapshot } = await game();
    // no deadline worker to race: the move itself finds the grace over
    clock.advance(30_000);
    expect(await white.send('game:move', { gameId, version: 1, move: 'e2e4' })).toMatchObject({ ok: false, code: 'game-over' });
    expect((await snapshot()).outcome).toEqual({ result: null, reason: 'aborted', abort: 'first-move-timeout' });
  });

  it('a flag in the middle of a series ends the game at once for both players and the spectator', async () => {
    const { clock, white, black, watcher, gameId, snapshot, overFor } = await game();
    let v = await playMoves(white, gameId, 1, ['e2e4']);
    v = await playMoves(black, gameId, v, ['e7e5', 'b8c6']);
    clock.advance(2_000);
    v = await playMoves(white, gameId, v, ['g1f3']); // 1 of 3: White's 12 s run on
    clock.advance(9_999);
    await ticks();
    expect((await snapshot()).status).toBe('playing');
    const overs = [white, black, watcher].map(overFor);
    clock.advance(1);
    const events: GameEvent[] = await Promise.all(overs);
    for (const e of events) {
      expect(e.version).toBe(v + 1);
      expect(e.event).toMatchObject({ type: 'game-over', outcome: { result: '0-1', reason: 'timeout' }, clocks: { white: 0, black: 14_000, running: null } });
    }
    const s = await snapshot();
    expect(s.outcome).toEqual({ result: '0-1', reason: 'timeout' });
    expect(s.moves.map((m) => m.uci)).toEqual(['e2e4', 'e7e5', 'b8c6', 'g1f3']);
    expect(s.clocks).toMatchObject({ white: 0, black: 14_000, running: null });
    // the final clocks stay as they are, however late one looks
    clock.advance(60_000);
    expect((await snapshot()).clocks).toMatchObject({ white: 0, black: 14_000, running: null });
  });

  // White: king and knight; Black's queen takes the knight with the first move of its series, then Black flags.
  it.each([
    { variant: 'scottish' as const, outcome: { result: '1/2-1/2', reason: 'timeout-vs-insufficient-material' } },
    { variant: 'take-all' as const, outcome: { result: '1-0', reason: 'timeout' } }, // no checkmate goal: a lone king wins
  ])("$variant: a flag after the flagging side took the opponent's last piece in its series", async ({ variant, outcome }) => {
    const { clock, white, black, watcher, gameId, overFor } = await game({ variant, fen: '3q3k/8/8/8/3N4/8/8/K7 w - - 0 1' });
    const v = await playMoves(white, gameId, 1, ['a1b1']);
    await playMoves(black, gameId, v, ['d8d4']);
    const over = overFor(watcher);
    clock.advance(10_000);
    expect((await over).event).toMatchObject({ outcome });
  });

  it('per-turn: a turn-20 series gets base + perMove x 20, and flags exactly at its end', async () => {
    const tc: TimeControl = { kind: 'per-turn', base: 5, perMove: 1 };
    const { clock, black, watcher, gameId, snapshot, overFor } = await game({
      timeControl: tc,
      fen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1',
      turn: 20,
    });
    let v = await playMoves(black, gameId, 1, ['e7e5']);
    expect((await snapshot()).clocks).toMatchObject({ black: 25_000, running: 'black' });
    clock.advance(24_999);
    v = await playMoves(black, gameId, v, ['d7d5']); // 1 ms before the end: still played
    await ticks();
    expect((await snapshot()).status).toBe('playing');
    const over = overFor(watcher);
    clock.advance(1);
    expect((await over).event).toMatchObject({ outcome: { result: '1-0', reason: 'timeout' }, clocks: { black: 0 } });
    expect(await black.send('game:move', { gameId, version: v + 1, move: 'c7c5' })).toMatchObject({ ok: false, code: 'game-over' });
  });

  it("per-turn: a side that has not moved yet holds its own first turn's budget, also on a finished game", async () => {
    const tc: TimeControl = { kind: 'per-turn', base: 20, perMove: 5 };
    const fresh = await game({ timeControl: tc });
    expect((await fresh.snapshot()).clocks).toMatchObject({ white: 25_000, black: 30_000, running: null });
    const v = await playMoves(fresh.white, fresh.gameId, 1, ['e2e4']);
    await fresh.white.ok('game:resign', { gameId: fresh.gameId });
    // Black never moved: its clock shows the 2-move turn it would have had, not White's 1-move one
    expect((await fresh.snapshot()).clocks).toMatchObject({ white: 25_000, black: 30_000, running: null });
    expect(v).toBe(2);
    const setUp = await game({ timeControl: tc, fen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1', turn: 20 });
    expect((await setUp.snapshot()).clocks).toMatchObject({ black: (20 + 5 * 20) * 1000, white: (20 + 5 * 21) * 1000 });
  });

  it('per-turn: nothing is carried over, a quick turn leaves no extra time for the next one', async () => {
    const tc: TimeControl = { kind: 'per-turn', base: 5, perMove: 2 };
    const { clock, white, black, gameId, snapshot } = await game({ timeControl: tc });
    let v = await playMoves(white, gameId, 1, ['e2e4']);
    v = await playMoves(black, gameId, v, ['e7e5']);
    clock.advance(100);
    v = await playMoves(black, gameId, v, ['g8f6']); // 8.9 s unused
    v = await playMoves(white, gameId, v, ['g1f3', 'b1c3']);
    clock.advance(10_000);
    v = await playMoves(white, gameId, v, ['f1c4']);
    // Black's turn 4: a fresh 5 + 2 x 4 seconds
    expect((await snapshot()).clocks).toMatchObject({ black: 13_000, running: 'black' });
    expect(v).toBe(7);
  });

  it('correspondence: no first-move abort; abandoned only after the idle limit while no clock runs', async () => {
    const tc: TimeControl = { kind: 'correspondence', daysPerTurn: 1 };
    const { clock, white, watcher, gameId, snapshot, overFor } = await game({ timeControl: tc, abandonAfterMs: 3 * DAY });
    clock.advance(2 * DAY);
    await ticks();
    expect((await snapshot()).status).toBe('playing');
    await playMoves(white, gameId, 1, ['e2e4']);
    // Black's clock has not started: no flag after its day, but abandonment after 3 days unchanged
    clock.advance(2 * DAY);
    await ticks();
    expect((await snapshot()).status).toBe('playing');
    const over = overFor(watcher);
    clock.advance(DAY);
    expect((await over).event).toMatchObject({ outcome: { result: null, reason: 'aborted', abort: 'abandoned' } });
  });

  it('correspondence: once both clocks have started, the days per turn flag to the millisecond', async () => {
    const tc: TimeControl = { kind: 'correspondence', daysPerTurn: 2 };
    const { clock, white, black, watcher, gameId, snapshot, overFor } = await game({ timeControl: tc });
    let v = await playMoves(white, gameId, 1, ['e2e4']);
    v = await playMoves(black, gameId, v, ['e7e5', 'g8f6']);
    clock.advance(2 * DAY - 1);
    await ticks();
    expect((await snapshot()).status).toBe('playing');
    const over = overFor(watcher);
    clock.advance(1);
    expect((await over).event).toMatchObject({ outcome: { result: '0-1', reason: 'timeout' } });
    expect(v).toBe(4);
  });

  it('untimed: no flag and no first-move abort; abandoned after the idle limit, which every move restarts', async () => {
    const { clock, white, black, watcher, gameId, snapshot, overFor } = await game({ timeControl: { kind: 'none' }, abandonAfterMs: DAY });
    clock.advance(DAY - 1);
    let v = await playMoves(white, gameId, 1, ['e2e4']);
    clock.advance(DAY - 1);
    v = await playMoves(black, gameId, v, ['e7e5']);
    await ticks();
    let s = await snapshot();
    expect(s.status).toBe('playing');
    expect(s.clocks.running).toBeNull();
    const over = overFor(watcher);
    clock.advance(DAY);
    expect((await over).event).toMatchObject({ outcome: { result: null, reason: 'aborted', abort: 'abandoned' } });
    s = await snapshot();
    expect(s.moves).toHaveLength(2);
    expect(v).toBe(3);
  });

  it('abort: allowed in the middle of the second turn, refused once both sides completed a turn', async () => {
    const { white, black, gameId } = await game();
    let v = await playMoves(white, gameId, 1, ['e2e4']);
    v = await playMoves(black, gameId, v, ['e7e5']);
    const { gameId: other, white: w2, black: b2 } = await game();
    const v2 = await playMoves(w2, other, 1, ['e2e4']);
    await playMoves(b2, other, v2, ['e7e5', 'g8f6']);
    expect(await w2.send('game:abort', { gameId: other })).toMatchObject({ ok: false, code: 'too-late-to-abort' });
    expect(await b2.send('game:abort', { gameId: other })).toMatchObject({ ok: false, code: 'too-late-to-abort' });
    const r = await white.ok('game:abort', { gameId });
    expect(r.event).toMatchObject({ type: 'game-over', outcome: { result: null, reason: 'aborted', abort: 'player' } });
    expect(r.version).toBe(v + 1);
  });

  it('after a flag not yet resolved, resigning, aborting or accepting a draw gives the flag its due', async () => {
    for (const command of ['game:resign', 'game:abort', 'game:drawAccept'] as const) {
      const { clock, white, black, gameId, snapshot } = await game({ tickMs: 60_000 });
      const v = await playMoves(white, gameId, 1, ['e2e4']);
      const offered = await white.ok('game:drawOffer', { gameId });
      expect(offered.version).toBe(v + 1);
      await playMoves(black, gameId, offered.version, ['e7e5']); // Black's clock runs; White's offer stands
      clock.advance(10_000);
      const res = await black.send(command, { gameId });
      expect(res, command).toMatchObject({ ok: false, code: 'game-over' });
      expect((await snapshot()).outcome, command).toEqual({ result: '1-0', reason: 'timeout' });
    }
  });

  it('a finished game keeps why it was aborted: the first-move timeout, or a player while the grace still ran', async () => {
    const timedOut = await game();
    const v = await playMoves(timedOut.white, timedOut.gameId, 1, ['e2e4']);
    const over = timedOut.overFor(timedOut.watcher);
    timedOut.clock.advance(30_000);
    await over;
    timedOut.clock.advance(3_600_000);
    const firstMove = { result: null, reason: 'aborted', abort: 'first-move-timeout' };
    expect((await timedOut.snapshot()).outcome).toEqual(firstMove);
    const http = (await (await fetch(`${timedOut.server.url}/api/games/${timedOut.gameId}`)).json()) as GameSnapshot;
    expect(http.outcome).toEqual(firstMove);
    expect(v).toBe(2);

    // Aborted by White while Black's grace still ran
    const aborted = await game();
    await playMoves(aborted.white, aborted.gameId, 1, ['e2e4']);
    aborted.clock.advance(10_000);
    const r = await aborted.white.ok('game:abort', { gameId: aborted.gameId });
    expect(r.event?.type === 'game-over' && r.event.clocks.firstMoveBy).toBe(aborted.clock.now() + 20_000);
    aborted.clock.advance(3_600_000);
    expect((await aborted.snapshot()).outcome).toEqual({ result: null, reason: 'aborted', abort: 'player' });
  });
});
