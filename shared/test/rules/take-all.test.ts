import { describe, expect, it } from 'vitest';
import { inCheck, legalMoves } from '../../src/rules/index.js';
import { game, refused, run, step, ucis } from './helpers.js';

describe('Progressive Take-All', () => {
  it('has no check: an attack on the king does not end the series, the king can be captured', () => {
    const s = game('take-all', '4k3/7p/8/8/8/8/8/R3K3 w - - 0 1', 3);
    const a = step(s, 'a1a8');
    expect([a.check, a.turnEnded]).toEqual([false, false]);
    const b = step(a.state, 'a8e8');
    expect(b.effect?.captured).toBe('king');
    expect(b.outcome).toBeNull();
    const c = step(b.state, 'e8e7');
    expect(c.turnEnded).toBe(true);
    expect(inCheck(c.state)).toBe(false);
    expect(ucis(legalMoves(c.state))).toEqual(['h7h5', 'h7h6']);
  });

  it('capturing the opponent\'s last piece wins at once, even mid-series', () => {
    const out = run(game('take-all', '4k3/8/8/8/8/8/8/R3K3 w - - 0 1', 3), 'a1a8 a8e8');
    expect(out.outcome).toEqual({ result: '1-0', reason: 'all-captured' });
    expect(out.turnEnded).toBe(true);
    expect(out.state.moveIndex).toBe(2);
    expect(legalMoves(out.state)).toEqual([]);
  });

  it('the king may move onto attacked squares', () => {
    const fenPos = '3rk3/8/8/8/8/8/8/4K3 w - - 0 1';
    expect(ucis(legalMoves(game('take-all', fenPos, 1)))).toContain('e1d1');
    expect(refused(game('scottish', fenPos, 1), 'e1d1')).toBe('illegal-move');
  });

  it('pawns may promote to a king', () => {
    const fenPos = '4k3/P7/8/8/8/8/8/4K3 w - - 0 1';
    const out = step(game('take-all', fenPos, 1), 'a7a8k');
    expect(out.effect?.promotion).toBe('king');
    expect(refused(game('scottish', fenPos, 1), 'a7a8k')).toBe('illegal-move');
  });

  it('castling needs only empty squares and unmoved pieces', () => {
    const fenPos = '4kr2/8/8/8/8/8/8/4K2R w K - 0 1';
    expect(step(game('take-all', fenPos, 1), 'e1g1').effect?.castle).toBeDefined();
    expect(refused(game('scottish', fenPos, 1), 'e1g1')).toBe('illegal-move');
  });

  it('a player without a legal move draws by stalemate, at the start or mid-series', () => {
    expect(game('take-all', '8/8/8/8/8/p7/P7/7k w - - 0 1', 1).outcome).toEqual({
      result: '1/2-1/2',
      reason: 'stalemate',
    });
    const out = step(game('take-all', '7k/8/8/8/p7/8/P7/8 w - - 0 1', 3), 'a2a3');
    expect(out.outcome).toEqual({ result: '1/2-1/2', reason: 'stalemate' });
  });

  it('games need no kings', () => {
    const s = game('take-all', '8/8/8/8/p7/8/P7/8 w - - 0 1', 1);
    expect(s.outcome).toBeNull();
    expect(ucis(legalMoves(s))).toEqual(['a2a3']);
  });
});
