import { describe, expect, it } from 'vitest';
import { encodeState, fen, legalMoves, type VariantId } from '../../src/rules/index.js';
import { game, refused, run, step, ucis } from './helpers.js';

// White pawns c5 and e5 wait for Black's d- and f-pawns; Black plays turn 2.
const SETUP = '4k3/3p1p2/8/2P1P3/8/8/8/4K3 b - - 0 1';

describe('en passant', () => {
  it.each<VariantId>(['scottish', 'italian', 'escalation', 'cost-simple'])(
    '%s: open on the first move against a pawn that double-stepped in the last turn',
    (variant) => {
      const turn = variant === 'cost-simple' ? 4 : 2; // two points
      const after = run(game(variant, SETUP, turn), 'd7d5 e8d8').state;
      expect(after.color).toBe('white');
      expect(ucis(legalMoves(after))).toEqual(expect.arrayContaining(['c5d6', 'e5d6']));
      const out = step(after, 'e5d6');
      expect(out.effect?.enPassant).toBe(true);
      expect(out.effect?.capturedSquare).toBe(35); // d5
    },
  );

  it('several targets at once', () => {
    const after = run(game('scottish', SETUP, 2), 'd7d5 f7f5').state;
    expect(ucis(legalMoves(after))).toEqual(expect.arrayContaining(['c5d6', 'e5d6', 'e5f6']));
    expect(encodeState(after).split(' ')[3]).toBe('d6,f6');
  });

  it('only on the first move: later it is refused with its own code', () => {
    const after = run(game('scottish', SETUP, 2), 'd7d5 f7f5').state;
    const later = step(after, 'e1e2').state;
    expect(ucis(legalMoves(later))).not.toContain('e5d6');
    expect(refused(later, 'e5d6')).toBe('en-passant-not-first-move');
    expect(refused(later, 'e5f6')).toBe('en-passant-not-first-move');
    expect(refused(later, 'c5b6')).toBe('illegal-move');
  });

  it('not against a pawn that moved again in the same turn', () => {
    const after = run(game('scottish', SETUP, 2), 'd7d5 d5d4').state;
    expect(ucis(legalMoves(after)).filter((m) => m.endsWith('d6'))).toEqual([]);
    expect(refused(after, 'e5d6')).toBe('illegal-move');
  });

  it('not against a pawn that double-stepped before the opponent\'s last turn', () => {
    const t3 = run(game('scottish', SETUP, 2), 'd7d5 e8d8').state;
    const t4 = run(t3, 'e1d1 d1c1 c1b1').state;
    const t5 = run(t4, 'd8c8 c8b8 b8a8 a8b8').state;
    expect(t5.color).toBe('white');
    expect(refused(t5, 'e5d6')).toBe('illegal-move');
  });

  it('the double step may come anywhere in the opponent\'s series', () => {
    const after = run(game('scottish', SETUP, 2), 'e8d8 d7d5').state;
    expect(ucis(legalMoves(after))).toContain('e5d6');
  });

  it('the FEN ep square opens for the first move of the starting turn', () => {
    const s = game('scottish', '4k3/8/8/2pP4/8/8/8/4K3 w - c6 0 1', 3);
    expect(ucis(legalMoves(s))).toContain('d5c6');
    expect(fen(s).split(' ')[3]).toBe('c6');
    const later = step(s, 'e1e2').state;
    expect(refused(later, 'd5c6')).toBe('en-passant-not-first-move');
  });

  it.each<VariantId>(['english', 'logical'])('%s: no en passant at all', (variant) => {
    const s = game(variant, '4k3/8/8/2pP4/8/8/8/4K3 w - c6 0 1', 3);
    expect(refused(s, 'd5c6')).toBe('illegal-move');
    expect(fen(s).split(' ')[3]).toBe('-');
  });

  it('English: a double step opens nothing', () => {
    const after = run(game('english', SETUP, 2), 'd7d5 e8d8').state;
    expect(refused(after, 'e5d6')).toBe('illegal-move');
  });
});
