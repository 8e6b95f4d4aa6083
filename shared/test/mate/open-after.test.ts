import { describe, expect, it } from 'vitest';
import { BUF, generateRoot } from '../../src/chess/movegen.js';
import { F_EP } from '../../src/chess/tables.js';
import { lastMovers, openZone, openZoneAfter } from '../../src/mate/last-move.js';
import { searchSetup, type SearchSetup } from '../../src/mate/setup.js';
import { game } from '../rules/helpers.js';
import { mateProblems } from './mates60.js';

/** The pieces lastMovers marks after the open zone squares were worked out (it reads what openZone leaves). */
function movers(setup: SearchSetup, open: number): number[] {
  const out = new Uint8Array(128);
  if (open > 0) lastMovers(setup.b, setup.us, open, null, out);
  return [...out.keys()].filter((s) => out[s] === 1);
}

/** Every child of the position (two levels deep, some of them), openZoneAfter against openZone. */
function compareChildren(setup: SearchSetup, depth: number): number {
  const b = setup.b;
  const before = openZone(b, setup.zone);
  const base = depth * 256;
  const end = generateRoot(b, base, setup.rules);
  let compared = 0;
  for (let i = base; i < end; i++) {
    const m = BUF[i]!;
    const capture = b.board[(m >> 7) & 127] !== 0 || ((m >> 14) & 7) === F_EP;
    b.make(m);
    b.side = setup.us;
    b.epCount = 0;
    const got = openZoneAfter(b, setup.zone, before, m, capture);
    const gotMovers = movers(setup, got);
    const want = openZone(b, setup.zone);
    expect([got, gotMovers]).toEqual([want, movers(setup, want)]);
    compared++;
    if (depth === 0 && i % 5 === 0) compared += compareChildren(setup, 1);
    b.side = setup.us ^ 8;
    b.unmake(m);
  }
  return compared;
}

describe('openZone after a move, from its answer before it (openZoneAfter)', () => {
  it('equals openZone on every child of the 60 mates, two levels deep', () => {
    let compared = 0;
    for (const p of mateProblems()) compared += compareChildren(searchSetup(game('italian', p.fen, p.turn)), 0);
    expect(compared).toBeGreaterThan(8_000);
  });

  it('tests again a zone square whose line of ours the moved piece blocks (Nd7 cuts the rook off g7 and h7)', () => {
    expect(compareChildren(searchSetup(game('italian', '7k/R7/8/4N3/8/8/8/K7 w - - 0 1', 3)), 0)).toBeGreaterThan(10);
  });

  it('tests again a zone square whose line of ours the moved piece opens (the knight leaves h5: the rook reaches h7)', () => {
    expect(compareChildren(searchSetup(game('italian', '7k/8/8/7N/8/8/8/K6R w - - 0 1', 3)), 0)).toBeGreaterThan(10);
  });
});
