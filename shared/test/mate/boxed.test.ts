import { describe, expect, it } from 'vitest';
import { boxedSet, mayEverMove } from '../../src/mate/boxed.js';
import { searchSetup } from '../../src/mate/setup.js';
import { game } from '../rules/helpers.js';
import { mateProblems, solutionPieces } from './mates60.js';

/** 0x88 square of a name such as "c1". */
const sq = (name: string): number => (Number(name[1]) - 1) * 16 + name.charCodeAt(0) - 97;

function marks(names: readonly string[]): Uint8Array {
  const movers = new Uint8Array(128);
  for (const n of names) movers[sq(n)] = 1;
  return movers;
}

describe('a few-pieces set walled in for good (boxed.ts)', () => {
  const start = searchSetup(game('italian', undefined, 1)).b;

  it('finds the pieces our fixed pieces wall in, and only those', () => {
    // The bishop behind its fixed pawns; free once one of them may move.
    expect(mayEverMove(start, sq('c1'), marks(['c1']))).toBe(false);
    expect(mayEverMove(start, sq('c1'), marks(['c1', 'd2']))).toBe(true);
    // The rook behind a fixed knight and pawn; the queen and king walled in all round.
    expect(mayEverMove(start, sq('a1'), marks(['a1']))).toBe(false);
    expect(mayEverMove(start, sq('a1'), marks(['a1', 'b1']))).toBe(true);
    expect(mayEverMove(start, sq('d1'), marks(['d1']))).toBe(false);
    // Knights jump, pawns step ahead.
    expect(mayEverMove(start, sq('g1'), marks(['g1']))).toBe(true);
    expect(mayEverMove(start, sq('e2'), marks(['e2']))).toBe(true);
    expect(boxedSet(start, marks(['g1', 'e2']), [sq('g1'), sq('e2')])).toBe(false);
    expect(boxedSet(start, marks(['g1', 'c1']), [sq('g1'), sq('c1')])).toBe(true);
  });

  it('lets a pawn walled ahead take an enemy piece on its diagonal', () => {
    // White pawn e4 before its own fixed knight on e5; a black knight on d5 can be taken.
    const b = searchSetup(game('italian', '4k3/8/8/3nN3/4P3/8/8/4K3 w - - 0 1', 1)).b;
    expect(mayEverMove(b, sq('e4'), marks(['e4']))).toBe(true);
    const c = searchSetup(game('italian', '4k3/8/8/4N3/4P3/8/8/4K3 w - - 0 1', 1)).b;
    expect(mayEverMove(c, sq('e4'), marks(['e4']))).toBe(false);
  });

  it('never walls in the pieces of an example mate', () => {
    let checked = 0;
    for (const p of mateProblems()) {
      const setup = searchSetup(game('italian', p.fen, p.turn));
      const pieces = solutionPieces(p);
      const movers = new Uint8Array(128);
      for (const s of pieces) movers[s] = 1;
      expect(boxedSet(setup.b, movers, pieces), `#${p.id}`).toBe(false);
      checked++;
    }
    expect(checked).toBe(60);
  });
});
