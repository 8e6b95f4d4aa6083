import { describe, expect, it } from 'vitest';
import { INITIAL_FEN, makeUci, type Move } from '../../src/chess/index.js';
import {
  cyclePending,
  decodeState,
  encodeState,
  fen,
  finish,
  inCheck,
  legalMoves,
  newGame,
  play,
  positionOf,
  VARIANT_IDS,
  type GameState,
} from '../../src/rules/index.js';
import { game, refused, run, step, uci } from './helpers.js';

describe('newGame', () => {
  it('starts at turn 1 with White to move and one move', () => {
    const s = game('scottish');
    expect([s.turn, s.color, s.moveIndex, s.budget, s.spent, s.outcome]).toEqual([1, 'white', 0, 1, 0, null]);
    expect(fen(s)).toBe(INITIAL_FEN);
    expect(legalMoves(s)).toHaveLength(20);
  });

  it('takes the turn from the FEN side when not given, else checks its parity', () => {
    expect(game('italian', '4k3/8/8/8/8/8/8/4K2R b K - 0 1').turn).toBe(2);
    expect(game('italian', '4k3/8/8/8/8/8/8/4K2R b K - 0 1', 6).budget).toBe(6);
    const bad = (fenText: string, turn?: number) => {
      const r = newGame('scottish', { fen: fenText, ...(turn === undefined ? {} : { turn }) });
      return r.ok ? 'ok' : r.error.code;
    };
    expect(bad('4k3/8/8/8/8/8/8/4K2R b K - 0 1', 3)).toBe('invalid-fen');
    expect(bad('4k3/8/8/8/8/8/8/4K2R w K - 0 1', 4)).toBe('invalid-fen');
    expect(bad('4k3/8/8/8/8/8/8/4K2R w K - 0 1', 0)).toBe('invalid-fen');
    expect(bad('not a fen')).toBe('invalid-fen');
    expect(bad('8/8/8/8/8/8/8/4K2R w - - 0 1')).toBe('invalid-fen'); // no black king
    expect(bad('4k3/8/8/8/8/8/8/4R1K1 w - - 0 1')).toBe('invalid-fen'); // Black, not to move, in check
    const ta = newGame('take-all', { fen: '8/8/8/8/8/8/8/4K2R w - - 0 1' });
    expect(!ta.ok && ta.error.code).toBe('invalid-fen');
    const unknown = newGame('chess960' as 'scottish');
    expect(!unknown.ok && unknown.error.code).toBe('invalid-state');
  });
});

describe('play guards', () => {
  it('refuses the wrong side, and anything once the game is over', () => {
    const s = game('scottish');
    const wrong = play(s, uci('e2e4'), 'black');
    expect(!wrong.ok && wrong.error.code).toBe('not-your-turn');
    expect(play(s, uci('e2e4'), 'white').ok).toBe(true);
    const over = finish(s, { result: '0-1', reason: 'resignation' });
    expect(over.outcome).toEqual({ result: '0-1', reason: 'resignation' });
    expect(refused(over, 'e2e4')).toBe('game-over');
    expect(legalMoves(over)).toEqual([]);
    expect(finish(over, { result: null, reason: 'aborted' })).toBe(over);
    expect(finish(s, { result: null, reason: 'aborted' }).outcome).toEqual({ result: null, reason: 'aborted' });
  });

  it('refuses a move that is no move at all', () => {
    expect(refused(game('scottish'), 'e2e5')).toBe('illegal-move');
    expect(refused(game('scottish'), 'e7e5')).toBe('illegal-move');
  });
});

describe('immutability', () => {
  it('play and refused plays never change the old state', () => {
    const s = run(game('scottish'), 'e2e4 e7e5').state;
    const before = encodeState(s);
    const frozenFen = fen(s);
    expect(Object.isFrozen(s)).toBe(true);
    step(s, 'g8f6');
    refused(s, 'e1e2');
    refused(s, 'a7a5 '.trim().replace('a7a5', 'e5e4'));
    expect(encodeState(s)).toBe(before);
    expect(fen(s)).toBe(frozenFen);
    positionOf(s).play(uci('g8f6'));
    expect(fen(s)).toBe(frozenFen);
    finish(s, { result: '1-0', reason: 'timeout' });
    expect(s.outcome).toBeNull();
  });
});

/** Plays a pseudo-random game, yielding every state on the way. */
function* randomGame(variant: (typeof VARIANT_IDS)[number], seed: number, moves: number): Generator<[GameState, Move]> {
  let s = game(variant);
  let x = seed;
  for (let i = 0; i < moves && !s.outcome; i++) {
    const all = legalMoves(s);
    x = (x * 1103515245 + 12345) % 2147483648;
    const m = all[x % all.length]!;
    yield [s, m];
    const r = play(s, m);
    if (!r.ok) throw new Error(`${makeUci(m)}: ${r.error.code}`);
    s = r.value.state;
  }
}

describe('encodeState / decodeState', () => {
  it.each(VARIANT_IDS)('%s: round-trips every state of a game, mid-series included', (variant) => {
    let midSeries = 0;
    for (const [s, m] of randomGame(variant, 17, 120)) {
      const text = encodeState(s);
      const back = decodeState(text);
      if (!back.ok) throw new Error(`${text}: ${back.error.message}`);
      const d = back.value;
      expect(encodeState(d)).toBe(text);
      expect(d).toMatchObject({ turn: s.turn, color: s.color, moveIndex: s.moveIndex, budget: s.budget, spent: s.spent });
      expect(fen(d)).toBe(fen(s));
      expect(legalMoves(d).map(makeUci).sort()).toEqual(legalMoves(s).map(makeUci).sort());
      expect([inCheck(d), cyclePending(d)]).toEqual([inCheck(s), cyclePending(s)]);
      const a = play(s, m);
      const b = play(d, m);
      expect(a.ok && b.ok && encodeState(b.value.state)).toBe(a.ok && encodeState(a.value.state));
      if (s.moveIndex > 0) midSeries++;
    }
    expect(midSeries).toBeGreaterThan(5);
  });

  it('round-trips outcomes, cycles and en-passant lists', () => {
    const english = run(game('english'), 'e2e4 e7e6 f7f6 g1f3').state;
    expect(encodeState(english).split(' ')[9]).toBe('f3');
    const ep = run(game('scottish', '4k3/3p1p2/8/2P1P3/8/8/8/4K3 b - - 0 1', 2), 'd7d5 f7f5').state;
    const mid = step(game('scottish', '4k3/3p1p2/8/2P1P3/8/8/8/4K3 b - - 0 1', 4), 'd7d5').state;
    const over = finish(english, { result: null, reason: 'aborted' });
    for (const s of [english, ep, mid, over]) {
      const d = decodeState(encodeState(s));
      expect(d.ok && encodeState(d.value)).toBe(encodeState(s));
    }
    expect(encodeState(mid).split(' ')[8]).toBe('d6');
    expect(encodeState(over).split(' ')[12]).toBe('*:aborted');
    const d = decodeState(encodeState(over));
    expect(d.ok && d.value.outcome).toEqual({ result: null, reason: 'aborted' });
  });

  it('rejects malformed encodings', () => {
    const good = encodeState(run(game('scottish'), 'e2e4 e7e5').state).split(' ');
    const broken = (i: number, value: string) => {
      const f = [...good];
      f[i] = value;
      const r = decodeState(f.join(' '));
      return r.ok ? 'ok' : r.error.code;
    };
    expect(decodeState('').ok).toBe(false);
    expect(decodeState(INITIAL_FEN).ok).toBe(false);
    expect(broken(0, 'xx')).toBe('invalid-state');
    expect(broken(1, 'w')).toBe('invalid-state'); // turn 2 is Black's
    expect(broken(3, 'z9')).toBe('invalid-state');
    expect(broken(3, 'e6')).toBe('invalid-state'); // Black's open targets lie on the third rank
    expect(broken(3, 'e3')).toBe('ok');
    expect(broken(8, 'e3')).toBe('invalid-state');
    expect(broken(4, 'chess960')).toBe('invalid-state');
    expect(broken(6, '5')).toBe('invalid-state');
    expect(broken(6, '-1')).toBe('invalid-state');
    expect(broken(11, '2')).toBe('invalid-state');
    expect(broken(12, '2-0:checkmate')).toBe('invalid-state');
    expect(broken(12, '1-0:bored')).toBe('invalid-state');
    expect(broken(12, '1-0:resignation')).toBe('ok');
  });
});

describe('legalMoves is exactly what play accepts', () => {
  const states: Array<[string, GameState]> = [
    ['scottish mid-series', run(game('scottish'), 'e2e4 e7e5 g8f6 f1c4').state],
    ['italian before the last move', step(game('italian', '6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1', 3), 'g1g2').state],
    ['english mid-cycle', run(game('english'), 'e2e4 e7e6 f7f6 e4e5 g1f3').state],
    ['cost with one point left', step(game('cost', '4k3/P7/8/2pP4/8/8/8/R3K2R w KQ c6 0 1', 5), 'e1d2').state],
    ['take-all', step(game('take-all', '4k3/P7/8/8/8/8/8/R3K2R w KQ - 0 1', 3), 'h1h7').state],
    ['en passant at move 0', game('escalation', '4k3/P7/8/2pP4/8/8/8/R3K2R w KQ c6 0 1', 3)],
  ];

  it.each(states)('%s', (_name, s) => {
    const accepted: string[] = [];
    for (let from = 0; from < 64; from++) {
      for (let to = 0; to < 64; to++) {
        const lastRank = to < 8 || to >= 56;
        for (const promotion of lastRank ? ([undefined, 'queen', 'rook', 'bishop', 'knight', 'king'] as const) : [undefined]) {
          const move: Move = promotion ? { from, to, promotion } : { from, to };
          if (play(s, move).ok) accepted.push(makeUci(move));
        }
      }
    }
    expect(accepted.sort()).toEqual(legalMoves(s).map(makeUci).sort());
    expect(accepted.length).toBeGreaterThan(0);
  });
});
