// Edge cases of the rules that no other test pinned, each written from docs/rules.md's words.
import { describe, expect, it } from 'vitest';
import { legalMoves, positionOf } from '../../src/rules/index.js';
import { game, refused, run, step, ucis } from './helpers.js';

describe('English: a cycle is complete only when no unmoved piece has a legal move, checks included', () => {
  // White Ka1, Nh1, Pg3; Black Kg4 blocks the pawn, so the knight's only move, Nf2, gives check.
  const FEN = '8/8/8/8/6k1/6P1/8/K6N w - - 0 1';

  it('the king, moved in this cycle, waits while the knight can still move, even if only with check', () => {
    const s = step(game('english', FEN, 3), 'a1b1').state;
    expect(refused(s, 'b1a1')).toBe('cycle-piece-already-moved');
    expect(ucis(legalMoves(s))).toEqual(['h1f2']);
    const out = step(s, 'h1f2');
    expect([out.check, out.turnEnded, out.state.turn]).toEqual([true, true, 4]); // the check ends the series
  });
});

describe('castling within a series', () => {
  it('not out of check at the start of a turn', () => {
    const s = game('scottish', '4k3/8/8/8/8/8/4r3/R3K2R w KQ - 0 1', 3);
    expect(refused(s, 'e1g1')).toBe('illegal-move');
    expect(refused(s, 'e1c1')).toBe('illegal-move');
  });

  it('not through a square that an earlier move of the same series uncovered', () => {
    // Black Bb5 looks at f1 through White's pawn d3: O-O is legal until d3-d4 opens the diagonal.
    const s = game('scottish', '4k3/8/8/1b6/8/3P4/8/4K2R w K - 0 1', 3);
    expect(ucis(legalMoves(s))).toContain('e1g1');
    const opened = step(s, 'd3d4').state;
    expect(refused(opened, 'e1g1')).toBe('illegal-move');
  });

  it('Take-All: through and out of attacked squares, with unmoved pieces and empty squares only', () => {
    const s = game('take-all', '4k3/8/8/1b6/8/8/4r3/R3K2R w KQ - 0 1', 3);
    expect(ucis(legalMoves(s))).toEqual(expect.arrayContaining(['e1g1', 'e1c1']));
  });
});

describe('en passant against a double step that gave check', () => {
  it('the check ended the opponent\'s series; the first move may take the checking pawn en passant', () => {
    const checked = step(game('scottish', '8/8/8/4k3/4p3/8/3P4/K7 w - - 0 1', 3), 'd2d4');
    expect([checked.check, checked.turnEnded, checked.state.turn]).toEqual([true, true, 4]);
    expect(ucis(legalMoves(checked.state))).toContain('e4d3');
    const taken = step(checked.state, 'e4d3');
    expect([taken.effect?.enPassant, taken.effect?.captured, taken.turnEnded]).toEqual([true, 'pawn', false]);
  });
});

describe('Take-All keeps the repetition rule', () => {
  it('two lone kings shuffling: the start of turn 1 stands again at turns 5 and 9, a draw by repetition', () => {
    let s = game('take-all', '7k/8/8/8/8/8/8/K7 w - - 0 1');
    const shuffle = (a: string, b: string, n: number): string =>
      Array.from({ length: n }, (_, i) => (i % 2 === 0 ? `${a}${b}` : `${b}${a}`)).join(' ');
    for (let t = 1; t <= 8; t++) {
      expect(s.outcome, `turn ${t}`).toBeNull();
      const white = s.color === 'white';
      const [from, to] = white ? (positionOf(s).pieceAt(8) ? ['a2', 'a1'] : ['a1', 'a2']) : ['h8', 'g8'];
      s = run(s, shuffle(from, to, t)).state;
    }
    expect([s.turn, s.outcome]).toEqual([9, { result: '1/2-1/2', reason: 'repetition' }]);
  });
});
