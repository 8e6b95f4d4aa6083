import { describe, expect, it } from 'vitest';
import { FinalCover, KING_BIT } from '../../src/mate/final-cover.js';
import { ONES } from '../../src/mate/zone.js';
import { seededRandom } from '../../src/search/random.js';

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

  it('answers as the table search does, by branch and bound or by the table when the branches run long', () => {
    // Random covers: up to 12 pieces (some must move: their options cost at least their due),
    // options cheapest first, random zone bits and limits; every answer compared with coverTable.
    const random = seededRandom(37);
    const int = (n: number): number => Math.floor(random() * n);
    for (let round = 0; round < 3000; round++) {
      const count = 1 + int(round % 3 === 0 ? 12 : 6);
      const live = KING_BIT | int(512);
      const pay = new Int32Array(count);
      const lists: Int32Array[] = [];
      for (let p = 0; p < count; p++) {
        pay[p] = int(4) === 0 ? 1 + int(2) : 0;
        const opts: number[] = [];
        for (let k = int(14); k > 0; k--) {
          const mask = (1 + int(511)) & live;
          if (mask !== 0) opts.push((pay[p]! + int(6)) * 512 + mask);
        }
        lists.push(Int32Array.from(opts.sort((a, b) => a - b)));
      }
      const limit = int(11);
      expect([round, fc.cover(lists, count, live, limit, pay)]).toEqual([round, fc.coverTable(lists, count, live, limit, pay)]);
    }
  });
});
