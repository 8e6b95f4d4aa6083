// Repetition compares en-passant rights that exist: a double step whose passed square a piece of
// the same side then took opens no capture, so the position equals the same one without it.
import { describe, expect, it } from 'vitest';
import { encodeState, legalMoves } from '../../src/rules/index.js';
import { makeUci } from '../../src/chess/index.js';
import { game, run } from './helpers.js';

// White: king e1, knight d1, pawn e2; Black: king h8 and a pawn on d4 beside the pawn's path.
const FEN = '7k/8/8/8/3p4/8/4P3/3NK3 w - - 0 1';

describe('en passant and repetition', () => {
  it('a passed square occupied again opens no en passant: the pawn beside it only captures the piece there', () => {
    const after = run(game('scottish', FEN, 3), 'e2e4 d1e3 e1d2').state;
    expect(after.turn).toBe(4);
    expect(legalMoves(after).map(makeUci).filter((m) => m.startsWith('d4')).sort()).toEqual(['d4d3', 'd4e3']);
    expect(encodeState(after).split(' ')[3]).toBe('-');
  });

  it('so the position at the start of turn 4 repeats at turns 6 and 8: the third occurrence draws', () => {
    let s = run(game('scottish', FEN, 3), 'e2e4 d1e3 e1d2').state; // turn 4 starts: first occurrence
    s = run(s, 'h8g8 g8h8 h8g8 g8h8').state; // turn 5
    s = run(s, 'd2c2 c2d1 d1d2 e3g4 g4e3').state; // turn 6 starts: second occurrence
    expect(s.outcome).toBeNull();
    s = run(s, 'h8g8 g8h8 h8g8 g8h8 h8g8 g8h8').state; // turn 7
    s = run(s, 'd2c2 c2d1 d1d2 e3g4 g4e3 e3f1 f1e3').state; // turn 8 starts: third occurrence
    expect([s.turn, s.outcome]).toEqual([8, { result: '1/2-1/2', reason: 'repetition' }]);
  });
});
