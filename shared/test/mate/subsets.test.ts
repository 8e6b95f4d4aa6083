import { describe, expect, it } from 'vitest';
import { toMove } from '../../src/chess/position.js';
import { findMate, isWinningSeries } from '../../src/mate/index.js';
import { SeriesSearch } from '../../src/mate/search.js';
import { searchSetup } from '../../src/mate/setup.js';
import { candidateSets } from '../../src/mate/subsets.js';
import { game } from '../rules/helpers.js';
import { mateProblems, solutionPieces } from './mates60.js';

const squaresOf = (movers: Uint8Array): number[] => [...movers.keys()].filter((s) => movers[s] === 1);

describe('the few-pieces phase', () => {
  const problems = mateProblems().filter((p) => ['44', '46', '54', '58'].includes(p.id));

  it.each(problems.map((p) => [p.id, p] as const))('#%s: the example\'s pieces are a candidate set, and moving only them mates', (_id, p) => {
    const state = game('italian', p.fen, p.turn);
    const setup = searchSetup(state);
    const pieces = solutionPieces(p);
    const sets = candidateSets(setup, p.turn, 4).map(squaresOf);
    expect(sets).toContainEqual(pieces);
    // Smaller sets come first.
    const sizes = sets.map((s) => s.length);
    expect(sizes).toEqual([...sizes].sort((a, b) => a - b));
    const movers = new Uint8Array(128);
    for (const s of pieces) movers[s] = 1;
    const verify = (moves: readonly number[]): boolean => isWinningSeries(state, moves.map(toMove));
    const search = new SeriesSearch(setup, { maxNodes: 200_000, outOfTime: () => false }, verify, movers);
    expect(search.run(p.turn)).toBe(true);
    const moves = search.found!.map(toMove);
    expect(isWinningSeries(state, moves)).toBe(true);
    // Only those pieces moved, each at least once.
    const moved = new Set(solutionPieces({ ...p, solution: moves }));
    expect([...moved].sort((a, b) => a - b)).toEqual(pieces);
  });

  it('proves no mate only through the full search (a lone pawn cannot mate in five)', () => {
    const r = findMate(game('italian', '4k3/8/8/8/8/8/P7/4K3 w - - 0 1', 5));
    expect(r).toMatchObject({ found: false, complete: true });
  });

  it('does not claim a proof when the budget ends during the few-pieces phase', () => {
    const p = mateProblems().find((x) => x.id === '53')!;
    const r = findMate(game('italian', p.fen, p.turn), { maxNodes: 6000 });
    expect(r).toMatchObject({ found: false, complete: false });
  });
});
