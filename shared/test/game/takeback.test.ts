import { describe, expect, it } from 'vitest';
import {
  applyGameEvent,
  applyTakeback,
  stateHash,
  viewOf,
  type GameEventBody,
  type GameView,
  canPass,
  encodeState,
  endTurn,
  legalMoves,
  makeUci,
  newGame,
  parseUci,
  play,
  replayToTurn,
  restoredClock,
  startedBefore,
  takebackBar,
  takebackTurn,
  type ClockState,
  type GameState,
  type VariantId,
} from '../../src/index.js';

interface Played {
  /** The log as the server keeps it (uci and turn of each move). */
  readonly moves: { uci: string; turn: number }[];
  readonly passes: number[];
  /** encodeState at the start of each turn, by turn. */
  readonly starts: Map<number, string>;
  readonly state: GameState;
}

/** A deterministic game: the k-th legal move each time; in cost variants a pass every few moves when allowed. */
function playGame(variant: VariantId, plies: number, opts: { passEvery?: number } = {}): Played {
  const start = newGame(variant);
  if (!start.ok) throw new Error(start.error.message);
  let state = start.value;
  const moves: { uci: string; turn: number }[] = [];
  const passes: number[] = [];
  const starts = new Map([[state.turn, encodeState(state)]]);
  for (let i = 0; i < plies && !state.outcome; i++) {
    if (opts.passEvery && i % opts.passEvery === opts.passEvery - 1 && canPass(state)) {
      const passed = endTurn(state);
      if (!passed.ok) throw new Error(passed.error.message);
      passes.push(moves.length);
      state = passed.value.state;
    } else {
      const legal = legalMoves(state);
      const move = legal[(i * 7 + 3) % legal.length];
      if (!move) break;
      const r = play(state, move);
      if (!r.ok) throw new Error(r.error.message);
      moves.push({ uci: makeUci(move), turn: state.turn });
      state = r.value.state;
    }
    if (state.moveIndex === 0 && !state.outcome) starts.set(state.turn, encodeState(state));
  }
  return { moves, passes, starts, state };
}

const source = (variant: VariantId, p: Played) => ({ variant, initialFen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', initialTurn: 1, moves: p.moves, passes: p.passes });

describe('what a takeback takes back', () => {
  const at = (turn: number, color: 'white' | 'black', moveIndex: number) => ({ turn, color, moveIndex });

  it('is the proposer\'s series in progress, else its last series with the opponent\'s after it', () => {
    // White's own series 3 under way: its start
    expect(takebackTurn(at(3, 'white', 2), 'white', 1)).toBe(3);
    // White to move at turn 3, nothing played yet: White's series 1 and Black's series 2
    expect(takebackTurn(at(3, 'white', 0), 'white', 1)).toBe(1);
    // Black's series 2 under way or not started: White's series 1 (and Black's moves of 2)
    expect(takebackTurn(at(2, 'black', 1), 'white', 1)).toBe(1);
    expect(takebackTurn(at(4, 'black', 0), 'white', 1)).toBe(3);
    // Black offering during White's series 3: Black's series 2
    expect(takebackTurn(at(3, 'white', 1), 'black', 1)).toBe(2);
  });

  it('is nothing before any series of the proposer', () => {
    expect(takebackTurn(at(1, 'white', 0), 'white', 1)).toBeNull();
    expect(takebackTurn(at(1, 'white', 0), 'black', 1)).toBeNull();
    expect(takebackTurn(at(2, 'black', 0), 'black', 1)).toBeNull();
    expect(takebackTurn(at(1, 'white', 1), 'black', 1)).toBeNull();
    // a custom start at turn 5 (White): Black's first series is 6
    expect(takebackTurn(at(6, 'black', 0), 'black', 5)).toBeNull();
    expect(takebackTurn(at(6, 'black', 2), 'black', 5)).toBe(6);
  });

  it('is refused in rated, tournament and finished games, and before a series of one\'s own', () => {
    const game = { over: false, initialTurn: 1 };
    const state = at(3, 'white', 1);
    expect(takebackBar(game, state, 'white')).toBeNull();
    expect(takebackBar({ ...game, rated: true }, state, 'white')).toBe('rated');
    expect(takebackBar({ ...game, tournamentId: 'arena-1' }, state, 'white')).toBe('tournament');
    expect(takebackBar({ ...game, over: true }, state, 'white')).toBe('game-over');
    expect(takebackBar(game, at(1, 'white', 0), 'black')).toBe('no-series');
  });
});

describe('replayToTurn: the rules state at a turn start', () => {
  const cases: { variant: VariantId; plies: number; passEvery?: number }[] = [
    { variant: 'scottish', plies: 40 },
    { variant: 'italian', plies: 40 },
    { variant: 'english', plies: 40 },
    { variant: 'cost', plies: 40, passEvery: 4 },
    { variant: 'cost-fibonacci', plies: 30, passEvery: 5 },
    { variant: 'take-all', plies: 40 },
  ];
  for (const c of cases) {
    it(`${c.variant}: every turn start comes back as it was (series, cycle, points, counts)`, () => {
      const game = playGame(c.variant, c.plies, c.passEvery === undefined ? {} : { passEvery: c.passEvery });
      expect(game.starts.size).toBeGreaterThan(3);
      for (const [turn, encoded] of game.starts) {
        const r = replayToTurn(source(c.variant, game), turn);
        if (!r.ok) throw new Error(r.error);
        expect(encodeState(r.value.state)).toBe(encoded);
        expect(r.value.moves).toBe(game.moves.filter((m) => m.turn < turn).length);
        expect(r.value.passes.every((p) => p <= r.value.moves)).toBe(true);
      }
      if (c.passEvery) expect(game.passes.length).toBeGreaterThan(0);
    });
  }

  it('English: the cycle of a series in progress is gone, the turn starts a new one', () => {
    const game = playGame('english', 16);
    // White's turn 5 under way, its pieces' cycle half done
    const turn5 = game.moves.findIndex((m) => m.turn === 5);
    const inProgress = { ...source('english', game), moves: game.moves.slice(0, turn5 + 2) };
    const r = replayToTurn(inProgress, 5);
    if (!r.ok) throw new Error(r.error);
    expect(r.value.state.cycleMoved).toEqual([]);
    expect(r.value.state.moveIndex).toBe(0);
    expect(r.value.moves).toBe(turn5);
  });

  it('cost: the points of the turn are whole again, and a pass that ended the turn before is kept', () => {
    const game = playGame('cost', 30, { passEvery: 3 });
    const passed = game.passes.find((p) => p > 0 && game.moves[p]?.turn !== undefined);
    if (passed === undefined) throw new Error('no pass in the game');
    const turn = game.moves[passed]?.turn ?? 0;
    const r = replayToTurn(source('cost', game), turn);
    if (!r.ok) throw new Error(r.error);
    expect(r.value.state.spent).toBe(0);
    expect(r.value.state.budget).toBe(Math.ceil(turn / 2));
    expect(r.value.passes).toContain(passed);
    expect(r.value.passes.every((p) => p <= passed)).toBe(true);
  });

  it('fails on a log the rules do not accept', () => {
    const r = replayToTurn({ ...source('scottish', playGame('scottish', 4)), moves: [{ uci: 'e2e5', turn: 1 }] }, 2);
    expect(r.ok).toBe(false);
  });
});

describe('restored clocks', () => {
  const fischer: ClockState = { control: { kind: 'fischer', initial: 300, increment: 2 }, remaining: { white: 1000, black: 2000 }, running: 'black', since: 50 };

  it('gives each side its time at the turn start, the mover\'s running from now', () => {
    expect(restoredClock(fischer, [3, 120_000, 110_000], true, 9_000)).toEqual({
      control: fischer.control,
      remaining: { white: 120_000, black: 110_000 },
      running: 'white',
      since: 9_000,
    });
  });

  it('leaves the clock stopped when the mover had not moved yet (first-move grace), and untimed games untimed', () => {
    expect(restoredClock(fischer, [1, 300_000, 300_000], false, 9_000)).toMatchObject({ running: null, since: null });
    const untimed: ClockState = { control: { kind: 'none' }, remaining: { white: 0, black: 0 }, running: null, since: null };
    expect(restoredClock(untimed, [3, 0, 0], true, 9_000)).toMatchObject({ running: null, since: null });
  });

  it('knows who had moved before a turn', () => {
    expect(startedBefore('white', 1, 1)).toBe(false);
    expect(startedBefore('black', 2, 1)).toBe(false);
    expect(startedBefore('white', 2, 1)).toBe(true);
    expect(startedBefore('black', 3, 1)).toBe(true);
    expect(startedBefore('black', 6, 5)).toBe(false);
  });
});

describe('applyTakeback, and the reducer on takeback events', () => {
  it('cuts the log, takes the clocks, and ends every standing offer (the caller takes the state)', () => {
    const rec = (uci: string, turn: number) => ({ uci, san: uci, color: 'white' as const, turn, index: 1, turnEnded: true, at: 0 });
    const clocks = { white: 1, black: 2, running: 'white' as const, serverNow: 5 };
    const view = { moves: [rec('e2e4', 1), rec('e7e5', 2), rec('d7d5', 2)], clocks: { ...clocks, white: 9 }, drawOffer: 'black' as const, takebackOffer: 'white' as const, other: 7 };
    const after = applyTakeback(view, { type: 'takeback', by: 'white', turn: 1, moves: 0, state: 'new', clocks });
    expect(after).toEqual({ moves: [], clocks, drawOffer: null, takebackOffer: null, other: 7 });
    expect(view.moves).toHaveLength(3);
  });

  const CLOCKS = { white: 60_000, black: 60_000, running: 'white' as const, serverNow: 5_000 };
  function view(): GameView {
    const state = newGame('english');
    if (!state.ok) throw new Error(state.error.message);
    const v = viewOf({
      id: 'g1', version: 1, variant: 'english', timeControl: { kind: 'none' },
      players: { white: { id: 'w', name: 'W', online: true }, black: { id: 'b', name: 'B', online: true } },
      initialFen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', initialTurn: 1, moves: [], state: encodeState(state.value), clocks: CLOCKS,
      status: 'playing', outcome: null, drawOffer: null, takebackOffer: null, rematchOffer: null, rematchGameId: null, spectators: 0, createdAt: 0,
    });
    if (!v.ok) throw new Error(v.error.message);
    return v.value;
  }
  function apply(v: GameView, event: GameEventBody): GameView {
    const r = applyGameEvent(v, { gameId: 'g1', version: v.version + 1, event });
    if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
    return r.value;
  }
  function move(v: GameView, uci: string): GameView {
    const m = parseUci(uci);
    if (!m) throw new Error(`not a move: ${uci}`);
    const r = play(v.state, m);
    if (!r.ok) throw new Error(r.error.message);
    return apply(v, { type: 'move', uci, hash: stateHash(r.value.state), clocks: CLOCKS });
  }

  it('offer, lapse with the next move, decline, and the takeback itself (English: the cycle of the series goes)', () => {
    let v = ['e2e4', 'e7e5', 'g8f6', 'd2d4'].reduce(move, view());
    v = apply(v, { type: 'takeback-offer', by: 'black' });
    expect(v.takebackOffer).toBe('black');
    v = move(v, 'g1f3');
    expect(v.takebackOffer).toBeNull();
    v = apply(v, { type: 'takeback-offer', by: 'white' });
    v = apply(v, { type: 'takeback-declined', by: 'black' });
    expect(v).toMatchObject({ takebackOffer: null, declined: { kind: 'takeback', by: 'black' } });
    v = apply(v, { type: 'draw-offer', by: 'black' });
    v = apply(v, { type: 'takeback-offer', by: 'white' });
    expect(v.state.cycleMoved.length).toBeGreaterThan(0);
    const back = replayToTurn({ ...v, moves: v.moves, passes: [] }, 3);
    if (!back.ok) throw new Error(back.error);
    const clocks = { ...CLOCKS, white: 50_000 };
    const after = apply(v, { type: 'takeback', by: 'white', turn: 3, moves: back.value.moves, state: encodeState(back.value.state), clocks });
    expect(after).toMatchObject({ drawOffer: null, takebackOffer: null, declined: null, clocks, status: 'playing' });
    expect(after.moves.map((m) => m.uci)).toEqual(['e2e4', 'e7e5', 'g8f6']);
    expect(after.state).toMatchObject({ turn: 3, moveIndex: 0, cycleMoved: [] });
    // the game goes on from there
    expect(move(after, 'c2c4').moves).toHaveLength(4);
  });

  it('refuses a takeback whose state does not decode (resync)', () => {
    const v = move(view(), 'e2e4');
    const r = applyGameEvent(v, { gameId: 'g1', version: v.version + 1, event: { type: 'takeback', by: 'white', turn: 1, moves: 0, state: 'nonsense', clocks: CLOCKS } });
    expect(r).toMatchObject({ ok: false, error: { code: 'bad-state' } });
  });
});
