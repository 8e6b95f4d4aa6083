import { describe, expect, it } from 'vitest';
import { COST_SIMPLE, COST_STANDARD, getVariant, seriesBudget, VARIANT_IDS, VARIANTS } from '../../src/rules/index.js';

describe('variant table', () => {
  it('has one entry per id, each with name, one-line summary and a paragraph', () => {
    expect(Object.keys(VARIANTS).sort()).toEqual([...VARIANT_IDS].sort());
    for (const id of VARIANT_IDS) {
      const v = VARIANTS[id];
      expect(v.id).toBe(id);
      expect(v.name.length).toBeGreaterThan(3);
      expect(v.summary).not.toContain('\n');
      expect(v.summary.length).toBeLessThan(120);
      expect(v.description.length).toBeGreaterThan(150);
    }
  });

  it('sets the parameters of docs/rules.md section 6', () => {
    const row = (id: keyof typeof VARIANTS) => {
      const v = VARIANTS[id];
      return [v.schedule, v.checkRule, v.enPassant, v.castling, v.doubleStep, v.cycles, v.goal].join(' ');
    };
    expect(row('scottish')).toBe('moves ends-series true true true false checkmate');
    expect(row('italian')).toBe('moves last-only true true true false checkmate');
    expect(row('english')).toBe('moves ends-series false true true true checkmate');
    expect(row('logical')).toBe('moves ends-series false false false false checkmate');
    expect(row('escalation')).toBe('moves free true true true false checkmate');
    expect(row('take-all')).toBe('moves none true true true false capture-all');
    expect(row('cost')).toBe('half-points ends-series true true true false checkmate');
    expect(row('cost-simple')).toBe('half-points ends-series true true true false checkmate');
    expect(row('cost-fibonacci')).toBe('fibonacci ends-series true true true false checkmate');
  });

  it('derives board rules and costs', () => {
    expect(VARIANTS['take-all'].moveRules).toEqual({ royalKing: false, castling: true, doubleStep: true, kingPromotion: true });
    expect(VARIANTS.logical.moveRules).toEqual({ royalKing: true, castling: false, doubleStep: false, kingPromotion: false });
    expect(VARIANTS.scottish.moveRules.royalKing).toBe(true);
    expect(VARIANTS.scottish.costs).toBeNull();
    expect(VARIANTS.cost.costs).toEqual({ pawn: 1, knight: 3, bishop: 3, rook: 5, queen: 9, king: 2 });
    expect(VARIANTS['cost-simple'].costs).toEqual({ pawn: 1, knight: 2, bishop: 3, rook: 4, queen: 5, king: 1 });
    expect(VARIANTS['cost-fibonacci'].costs).toBe(COST_STANDARD);
    expect(VARIANTS['cost-simple'].costs).toBe(COST_SIMPLE);
  });

  it('computes the schedules: t moves, ceil(t/2) points, Fibonacci points', () => {
    const budgets = (id: keyof typeof VARIANTS) => [1, 2, 3, 4, 5, 6, 7, 8, 9].map((t) => seriesBudget(VARIANTS[id], t));
    expect(budgets('italian')).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(budgets('cost')).toEqual([1, 1, 2, 2, 3, 3, 4, 4, 5]);
    expect(budgets('cost-fibonacci')).toEqual([1, 1, 2, 3, 5, 8, 13, 21, 34]);
  });

  it('looks variants up by id string', () => {
    expect(getVariant('english')?.cycles).toBe(true);
    expect(getVariant('chess960')).toBeUndefined();
    expect(getVariant('toString')).toBeUndefined();
  });
});
