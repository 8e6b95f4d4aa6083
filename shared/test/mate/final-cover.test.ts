import { describe, expect, it } from 'vitest';
import { FinalCover, KING_BIT } from '../../src/mate/final-cover.js';
import { ONES } from '../../src/mate/zone.js';

describe('the final-square cover', () => {
  const fc = new FinalCover(60, ONES, true);

  it('counts the move of a piece that must move even when the others already cover the zone at the floor', () => {
    // Piece 0 covers the king's square for one move; piece 1 must move but attacks nothing of it.
    const lists = [Int32Array.of(1 * 512 + KING_BIT), new Int32Array(0)];
    expect(fc.cover(lists, 2, KING_BIT, 9, Int32Array.of(0, 0))).toBe(1);
    expect(fc.cover(lists, 2, KING_BIT, 9, Int32Array.of(0, 1))).toBe(2);
    // The must-move piece first or last: the same answer.
    expect(fc.cover([lists[1]!, lists[0]!], 2, KING_BIT, 9, Int32Array.of(1, 0))).toBe(2);
  });

  it('reports limit + 1 above the limit', () => {
    const lists = [Int32Array.of(3 * 512 + KING_BIT)];
    expect(fc.cover(lists, 1, KING_BIT, 2, Int32Array.of(0))).toBe(3);
    expect(fc.cover(lists, 1, KING_BIT, 3, Int32Array.of(0))).toBe(3);
  });
});
