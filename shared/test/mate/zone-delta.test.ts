import { describe, expect, it } from 'vitest';
import type { Board } from '../../src/chess/board.js';
import { BUF, generateRoot } from '../../src/chess/movegen.js';
import { F_CASTLE, F_EP } from '../../src/chess/tables.js';
import { searchSetup, type SearchSetup } from '../../src/mate/setup.js';
import { candidateSets } from '../../src/mate/subsets.js';
import { ZoneDelta } from '../../src/mate/zone-delta.js';
import { zoneBound, type ZoneBound } from '../../src/mate/zone.js';
import { FixedPieces } from '../../src/mate/zone-fixed.js';
import { game } from '../rules/helpers.js';
import { mateProblems } from './mates60.js';

const fresh = (): ZoneBound => ({ moves: 0, points: 0, covered: 0 });

/** Plays m as the series search does (our side stays to move); the movers' mark follows the piece. */
function play(b: Board, us: number, m: number, movers: Uint8Array | null): number {
  const from = m & 127;
  const to = (m >> 7) & 127;
  const was = movers ? movers[from]! : 0;
  if (movers) {
    movers[from] = 0;
    movers[to] = was === 0 ? 0 : 2;
  }
  b.make(m);
  b.side = us;
  b.epCount = 0;
  return was;
}

function unplay(b: Board, us: number, m: number, movers: Uint8Array | null, was: number): void {
  b.side = us ^ 8;
  b.unmake(m);
  if (movers) {
    movers[(m >> 7) & 127] = 0;
    movers[m & 127] = was;
  }
}

/** One for every position, as in the search: nothing of a position prepared before may stay in the next. */
const delta = new ZoneDelta();

/** Every child of the position (castling left out: the marks of its rook are not carried here), delta against zoneBound. */
function compareChildren(setup: SearchSetup, movers: Uint8Array | null, fixed: FixedPieces | null, left: number, depth: number): number {
  const b = setup.b;
  delta.node(b, setup.zone);
  const base = depth * 256;
  const end = generateRoot(b, base, setup.rules);
  let compared = 0;
  for (let i = base; i < end; i++) {
    const m = BUF[i]!;
    if (movers && movers[m & 127] === 0) continue;
    if (((m >> 14) & 7) === F_CASTLE) continue;
    const capture = b.board[(m >> 7) & 127] !== 0 || ((m >> 14) & 7) === F_EP;
    const was = play(b, setup.us, m, movers);
    for (const l of [1, 2, left]) {
      for (const exact of [false, true]) {
        const want = { ...zoneBound(b, setup.zone, l, l, exact, fresh(), movers, fixed) };
        const got = { ...delta.bound(b, setup.zone, m, capture, l, l, exact, fresh(), movers, fixed) };
        expect(got).toEqual(want);
        compared++;
      }
    }
    // One level deeper: the child as a parent (a few of them, to keep the test short).
    if (depth === 0 && i % 7 === 0) compared += compareChildren(setup, movers, fixed, left - 1, 1);
    unplay(b, setup.us, m, movers, was);
    // Later children start from the parent's parts again (the grandchildren's replaced them).
    if (depth === 0 && i % 7 === 0) delta.node(b, setup.zone);
  }
  return compared;
}

describe('the king-zone bound of a child worked out from its parent (ZoneDelta)', () => {
  it('equals zoneBound on every child of the 60 mates, two levels deep', () => {
    let compared = 0;
    for (const p of mateProblems()) compared += compareChildren(searchSetup(game('italian', p.fen, p.turn)), null, null, p.turn, 0);
    expect(compared).toBeGreaterThan(20_000);
  });

  it('equals zoneBound within few-pieces sets (marks that move with the pieces, fixed pieces)', () => {
    let compared = 0;
    for (const p of mateProblems().filter((x) => x.turn >= 6).slice(0, 8)) {
      const setup = searchSetup(game('italian', p.fen, p.turn));
      for (const set of candidateSets(setup, p.turn, 3).slice(0, 12)) {
        const fixed = new FixedPieces(setup.b, setup.us, setup.costs, set);
        compared += compareChildren(setup, set.slice(), fixed, p.turn, 0);
        compared += compareChildren(setup, set.slice(), null, p.turn, 0);
      }
    }
    expect(compared).toBeGreaterThan(2_000);
  });
});
