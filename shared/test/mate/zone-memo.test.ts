import { describe, expect, it } from 'vitest';
import { parseSquare } from '../../src/chess/squares.js';
import { to88 } from '../../src/chess/tables.js';
import { KeyTable } from '../../src/mate/key-table.js';
import { searchSetup } from '../../src/mate/setup.js';
import { candidateSets } from '../../src/mate/subsets.js';
import { zoneBound } from '../../src/mate/zone.js';
import { FixedPieces } from '../../src/mate/zone-fixed.js';
import { game } from '../rules/helpers.js';
import { mateProblems } from './mates60.js';

describe('the king-zone bound under the few-pieces phase', () => {
  it('keys pieces that must move apart from pieces that moved already (two of each would share a key)', () => {
    // The queen covers the zone at once; the two pawns cover nothing of it.
    const setup = searchSetup(game('italian', '7k/8/8/8/8/8/P6P/1Q2K3 w - - 0 1', 9));
    const movers = new Uint8Array(128);
    const at = (name: string): number => to88(parseSquare(name)!);
    const bound = { moves: 0, points: 0, covered: 0 };
    for (const sq of ['b1', 'a2', 'h2']) movers[at(sq)] = 2;
    const free = zoneBound(setup.b, setup.zone, 9, 9, true, bound, movers).moves;
    movers[at('a2')] = 1;
    movers[at('h2')] = 1;
    // The same pieces, the two pawns still to move: the one the cover does not use pays for a move.
    const must = zoneBound(setup.b, setup.zone, 9, 9, true, bound, movers).moves;
    expect(must).toBe(free + 1);
  });

  it('gives the same bound with the pieces that may not move worked out once (FixedPieces) as piece by piece', () => {
    let compared = 0;
    // positions with castling rights among them (their rooks stay piece by piece: castling moves one)
    for (const p of mateProblems().filter((x) => x.turn >= 5).slice(0, 12)) {
      const setup = searchSetup(game('italian', p.fen, p.turn));
      for (const set of candidateSets(setup, p.turn, 3)) {
        const fixed = new FixedPieces(setup.b, setup.us, setup.costs, set);
        for (const mark of [1, 2]) {
          const movers = set.map((v) => (v === 0 ? 0 : mark));
          for (const left of [2, 3, p.turn]) {
            const once = { ...zoneBound(setup.b, setup.zone, left, left, true, { moves: 0, points: 0, covered: 0 }, movers, fixed) };
            const each = { ...zoneBound(setup.b, setup.zone, left, left, true, { moves: 0, points: 0, covered: 0 }, movers) };
            expect(once).toEqual(each);
            compared++;
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(500);
  });
});

describe('KeyTable', () => {
  it('stores 53-bit keys exactly, keys differing only in the high half apart, through its growth', () => {
    const t = new KeyTable(1_000_000);
    const keys: number[] = [];
    for (let i = 0; i < 5000; i++) keys.push((i % 97) * 4294967296 + ((i * 2654435761) >>> 0));
    keys.forEach((k, i) => t.set(k, i));
    expect(keys.every((k, i) => t.get(k) === i)).toBe(true);
    expect(t.get(2 ** 52 + 5)).toBe(-1);
    t.set(keys[0]!, 7);
    expect(t.get(keys[0]!)).toBe(7);
    expect(t.size).toBe(5000);
  });

  it('forgets everything when full, as the Maps it replaced did', () => {
    const t = new KeyTable(3);
    t.set(1, 1);
    t.set(2, 2);
    t.set(3, 3);
    t.set(4, 4);
    expect([t.get(1), t.get(2), t.get(3), t.get(4)]).toEqual([-1, -1, -1, 4]);
  });
});
