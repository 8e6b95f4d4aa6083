import { describe, expect, it } from 'vitest';
import { BISHOP, QUEEN, ROOK, WHITE } from '../../src/chess/tables.js';
import { FinalOptions } from '../../src/mate/final-options.js';
import { searchSetup } from '../../src/mate/setup.js';
import { candidateSets } from '../../src/mate/subsets.js';
import { zoneBound } from '../../src/mate/zone.js';
import { game } from '../rules/helpers.js';
import { mateProblems } from './mates60.js';

describe('the pieces\' option lists (final-options.ts)', () => {
  it('gives equal lists one id, and different lists different ids', () => {
    // The enemy king on h8 (63); our queens far from it, on squares with the same reach.
    const fo = new FinalOptions(63, [0, 1, 1, 1, 1, 1, 1], true);
    const a = fo.optionsId(WHITE | QUEEN, 9, 511, false);
    const b = fo.optionsId(WHITE | QUEEN, 9, 511, false);
    expect(b).toBe(a);
    const ids = new Map<string, number>();
    for (let s = 0; s < 64; s++) {
      for (const role of [QUEEN, ROOK, BISHOP]) {
        const id = fo.optionsId(WHITE | role, s, 511, false);
        const text = fo.list(id).join(',');
        expect(ids.get(text) ?? id, `${role} on ${s}`).toBe(id);
        ids.set(text, id);
      }
    }
    // Some squares share a list (so a memo keyed by list ids is shared), and not all do.
    expect(ids.size).toBeGreaterThan(3);
    expect(ids.size).toBeLessThan(3 * 64);
    // A stay list of one option and an equal options list: one id.
    const stay = fo.stayId(WHITE | ROOK, 62, 511);
    expect(fo.list(stay).length).toBe(1);
    expect(ids.get(fo.list(stay).join(',')) ?? stay).toBe(stay);
  });
});

describe('the cover memo keyed by list ids', () => {
  it('answers as a fresh memo does, whatever the order positions are asked in', () => {
    // Each problem's bounds (sets of pieces, some must move) asked in one order, then, with its
    // king square's memo pushed out by four others (zone.ts keeps four), in the other order.
    const problems = mateProblems().filter((p) => p.turn >= 6).slice(0, 10);
    const others = mateProblems().filter((p) => p.turn === 4).slice(0, 8);
    const bounds = (id: string, reverse: boolean): string[] => {
      const p = problems.find((x) => x.id === id)!;
      const setup = searchSetup(game('italian', p.fen, p.turn));
      const sets = candidateSets(setup, p.turn, 3);
      const out: string[] = [];
      const order = reverse ? [...sets].reverse() : sets;
      for (const set of order) {
        for (const left of [2, 4, p.turn]) {
          const z = zoneBound(setup.b, setup.zone, left, left, true, { moves: 0, points: 0, covered: 0 }, set);
          out.push(`${left}:${z.moves}:${z.points}`);
        }
      }
      return reverse ? reverseInGroups(out, 3) : out;
    };
    const evict = (): void => {
      for (const p of others) {
        const setup = searchSetup(game('italian', p.fen, p.turn));
        zoneBound(setup.b, setup.zone, 3, 3, true, { moves: 0, points: 0, covered: 0 });
      }
    };
    let compared = 0;
    for (const p of problems) {
      const forward = bounds(p.id, false);
      evict();
      const backward = bounds(p.id, true);
      expect(backward, `#${p.id}`).toEqual(forward);
      compared += forward.length;
    }
    expect(compared).toBeGreaterThan(1000);
  });
});

/** The groups of n consecutive items in reverse order, each group's items in their own order. */
function reverseInGroups<T>(items: readonly T[], n: number): T[] {
  const out: T[] = [];
  for (let i = items.length - n; i >= 0; i -= n) out.push(...items.slice(i, i + n));
  return out;
}
