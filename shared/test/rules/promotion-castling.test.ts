import { describe, expect, it } from 'vitest';
import { fen, legalMoves, type VariantId } from '../../src/rules/index.js';
import { game, refused, run, step, ucis } from './helpers.js';

describe('promotion', () => {
  it.each<VariantId>(['scottish', 'italian', 'escalation', 'logical'])('%s: the promoted piece may move again', (variant) => {
    const out = run(game(variant, '8/P7/7k/8/8/8/8/4K3 w - - 0 1', 3), 'a7a8q a8b8 b8c8');
    expect(out.turnEnded).toBe(true);
    expect(fen(out.state).split(' ')[0]).toBe('2Q5/8/7k/8/8/8/8/4K3');
  });

  it('reports the promotion and needs the piece named', () => {
    const s = game('scottish', '8/P7/7k/8/8/8/8/4K3 w - - 0 1', 3);
    expect(step(s, 'a7a8r').effect?.promotion).toBe('rook');
    expect(refused(s, 'a7a8')).toBe('illegal-move');
    expect(ucis(legalMoves(s)).filter((m) => m.startsWith('a7'))).toEqual(['a7a8b', 'a7a8n', 'a7a8q', 'a7a8r']);
  });
});

describe('castling', () => {
  const ROOKS = 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1';

  it('is one move of the series and may come in the middle of it', () => {
    const s = step(game('scottish', ROOKS, 3), 'a1b1').state;
    expect(refused(s, 'e1c1')).toBe('illegal-move'); // that rook has moved
    const castled = step(s, 'e1g1');
    expect(castled.effect?.castle).toEqual({ rookFrom: 7, rookTo: 5 });
    expect([castled.turnEnded, castled.state.moveIndex]).toEqual([false, 2]);
    const out = step(castled.state, 'g1g2'); // not g1h1: Rh8 covers the h-file
    expect(out.turnEnded).toBe(true);
    expect(fen(out.state).split(' ').slice(0, 3)).toEqual(['r3k2r/8/8/8/8/8/6K1/1R3R2', 'b', 'kq']);
  });

  it('not after the king moved earlier in the same series', () => {
    const s = run(game('scottish', ROOKS, 3), 'e1f1 f1e1').state;
    expect(refused(s, 'e1g1')).toBe('illegal-move');
  });

  it('Logical: no castling and no pawn two-step', () => {
    const s = game('logical', ROOKS, 3);
    expect(fen(s).split(' ')[2]).toBe('-');
    expect(refused(s, 'e1g1')).toBe('illegal-move');
    const initial = game('logical');
    expect(refused(initial, 'e2e4')).toBe('illegal-move');
    expect(legalMoves(initial)).toHaveLength(12);
  });
});
