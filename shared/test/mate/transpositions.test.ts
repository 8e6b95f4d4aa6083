// The series search's table holds "no mate within n moves" for the positions it searched and for
// the children the bound refuted; every order that reaches such a position skips it. These tests
// check that nothing a full search must find is lost that way, and that a proof of no mate still
// agrees with the plain rules search.
import { describe, expect, it } from 'vitest';
import { toMove } from '../../src/chess/position.js';
import { findMate, isWinningSeries, plainMateSearch } from '../../src/mate/index.js';
import { SeriesSearch } from '../../src/mate/search.js';
import { searchSetup } from '../../src/mate/setup.js';
import { legalMoves, play, type GameState } from '../../src/rules/index.js';
import { afterExample, mateProblems } from './mates60.js';

/** The full series search alone (no few-pieces phase): the mate it finds, replayed, or null. */
function fullSearch(s: GameState): { found: boolean; complete: boolean; nodes: number } {
  const setup = searchSetup(s);
  const verify = (moves: readonly number[]): boolean => isWinningSeries(s, moves.map(toMove));
  const search = new SeriesSearch(setup, { maxNodes: 2_000_000, outOfTime: () => false }, verify);
  const found = search.run(s.budget - s.moveIndex) && search.found !== null;
  if (found) expect(isWinningSeries(s, search.found!.map(toMove))).toBe(true);
  return { found, complete: !search.stopped, nodes: search.nodes };
}

describe('the full search with its table of refuted positions', () => {
  const problems = mateProblems();

  it.each(problems.map((p) => [p.id, p] as const))('#%s: finds a mate three and four moves before the end', (_id, p) => {
    for (const k of [3, 4]) {
      if (p.turn < k) continue;
      const r = fullSearch(afterExample(p, p.turn - k));
      expect(r.found, `#${p.id}, ${k} left`).toBe(true);
    }
  }, 60_000);
});

describe('a proof of no mate agrees with the plain rules search', () => {
  // Three moves before the end, after a first move other than the example's: often no mate is left.
  const cases: Array<[string, GameState]> = [];
  for (const p of mateProblems().filter((x, i) => i % 8 === 2 && x.turn >= 4)) {
    const s = afterExample(p, p.turn - 4);
    const wanted = p.solution[p.turn - 4]!;
    const other = legalMoves(s).find((m) => m.from !== wanted.from && m.to !== wanted.to);
    if (!other) continue;
    const r = play(s, other);
    if (r.ok && !r.value.turnEnded) cases.push([p.id, r.value.state]);
  }

  const plainRuns = new Map<GameState, ReturnType<typeof plainMateSearch>>();
  const plainOf = (s: GameState): ReturnType<typeof plainMateSearch> => {
    const hit = plainRuns.get(s) ?? plainMateSearch(s, { maxNodes: 2_000_000 });
    plainRuns.set(s, hit);
    return hit;
  };

  it('has enough cases, some with and some without a mate', () => {
    expect(cases.length).toBeGreaterThanOrEqual(6);
    const found = cases.map(([, s]) => plainOf(s).found);
    expect(found).toContain(false);
    expect(found).toContain(true);
  }, 120_000);

  it.each(cases)('#%s', (_id, s) => {
    const plain = plainOf(s);
    expect(plain.complete || plain.found).toBe(true);
    const fast = findMate(s);
    expect(fast.complete).toBe(true);
    expect(fast.found).toBe(plain.found);
    const full = fullSearch(s);
    expect(full.complete).toBe(true);
    expect(full.found).toBe(plain.found);
  }, 120_000);
});
