// A move written after its series ended is one move too many in that turn.
import { describe, expect, it } from 'vitest';
import { parseGame } from '../../src/notation/index.js';
import type { VariantId } from '../../src/rules/index.js';

function failure(text: string, variant: VariantId = 'scottish', fen?: string, turn?: number) {
  const r = parseGame(text, variant, { ...(fen ? { fen } : {}), ...(turn ? { turn } : {}) });
  if (r.ok) throw new Error(`"${text}" was accepted`);
  return r.error;
}

describe('a move after the series ended', () => {
  it('after a check (3.Qh5+ Nc3): turn 3 move 2, the series ended with the check', () => {
    const e = failure('1.e4 2.f5 d5 3.Qh5+ Nc3');
    expect(e).toMatchObject({ code: 'turn-mismatch', turn: 3, move: 2, san: 'Nc3' });
    expect(e.message).toMatch(/already ended with the check Qh5\+/);
  });

  it('after a check in a cost variant', () => {
    const check = failure('19.Qd8+ h3', 'cost', '4k3/8/8/8/8/8/7P/3QK3 w - - 0 1', 19);
    expect(check).toMatchObject({ code: 'turn-mismatch', turn: 19, move: 2, san: 'h3' });
    expect(check.message).toMatch(/ended with the check Qd8\+/);
  });

  it('after a full series: one move too many', () => {
    const e = failure('1.e4 2.e5 Nf6 Nc6');
    expect(e).toMatchObject({ code: 'turn-mismatch', turn: 2, move: 3, san: 'Nc6' });
    expect(e.message).toMatch(/complete: turn 2 has 2 move/);
  });

  it('after the points of a cost turn are spent', () => {
    const e = failure('1.e4 2.e5 d5', 'cost-simple');
    expect(e).toMatchObject({ code: 'turn-mismatch', turn: 2, move: 2, san: 'd5' });
    expect(e.message).toMatch(/1 point\(s\) are spent/);
  });

  it('a game that does not start with a number still says so', () => {
    expect(failure('e4').message).toMatch(/turn 1 must start with its number/);
  });
});
