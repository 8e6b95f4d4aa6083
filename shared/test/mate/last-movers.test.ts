import { describe, expect, it } from 'vitest';
import { parseUci } from '../../src/chess/index.js';
import { findMate, isWinningSeries } from '../../src/mate/index.js';
import { lastMovers, moveMayMate, openZone } from '../../src/mate/last-move.js';
import { searchSetup } from '../../src/mate/setup.js';
import { generateRoot, BUF } from '../../src/chess/movegen.js';
import { legalMoves, type GameState } from '../../src/rules/index.js';
import { game } from '../rules/helpers.js';
import { afterExample, mateProblems } from './mates60.js';

/** The internal move of the rules' move m in the setup's board (the same from, to and promotion). */
function internal(setup: ReturnType<typeof searchSetup>, uci: string): number {
  const end = generateRoot(setup.b, 0, setup.rules);
  const want = parseUci(uci)!;
  for (let i = 0; i < end; i++) {
    const m = BUF[i]!;
    const from = m & 127;
    const to = (m >> 7) & 127;
    const sq = (s: number): number => (s >> 4) * 8 + (s & 7);
    if ('from' in want && sq(from) === want.from && sq(to) === want.to && ((m >> 17) === 0) === (want.promotion === undefined)) return m;
  }
  throw new Error(`no internal move ${uci}`);
}

const uciOf = (m: { from: number; to: number; promotion?: string }): string => {
  const name = (s: number): string => 'abcdefgh'[s % 8]! + String(Math.floor(s / 8) + 1);
  return `${name(m.from)}${name(m.to)}${m.promotion ? m.promotion[0] === 'k' && m.promotion === 'knight' ? 'n' : m.promotion[0] : ''}`;
};

/** Every mating last move of the state passes moveMayMate, and its piece is one of lastMovers'; returns the moves refused. */
function check(s: GameState): { mates: number; refused: number; mating: string[] } {
  const setup = searchSetup(s);
  const open = openZone(setup.b, setup.zone);
  let mates = 0;
  let refused = 0;
  const mating: string[] = [];
  const marks = new Uint8Array(128);
  if (open > 0) lastMovers(setup.b, setup.us, open, null, marks);
  for (const move of legalMoves(s)) {
    if (!('from' in move)) continue;
    const m = internal(setup, uciOf(move));
    // openZone's squares stay for moveMayMate: worked out again after internal() used the board.
    const again = openZone(setup.b, setup.zone);
    expect(again).toBe(open);
    const may = open < 0 || moveMayMate(setup.b, setup.us, open, m);
    const marked = open <= 0 || marks[m & 127] === 1;
    if (!may) refused++;
    if (!isWinningSeries(s, [move])) continue;
    mates++;
    mating.push(uciOf(move));
    expect(may, `${uciOf(move)} mates`).toBe(true);
    expect(marked, `${uciOf(move)} mates: its piece is a last mover`).toBe(true);
  }
  return { mates, refused, mating };
}

describe('the last move filter (last-move.ts lastMovers, moveMayMate)', () => {
  let refusedInAll = 0;
  it.each(mateProblems().map((p) => [p.id, afterExample(p, p.turn - 1)] as const))('#%s: lets every mating last move through', (_id, s) => {
    const r = check(s);
    expect(r.mates).toBeGreaterThan(0);
    refusedInAll += r.refused;
  });

  it('does refuse last moves (it runs after the cases above)', () => {
    expect(refusedInAll).toBeGreaterThan(300);
  });

  it('lets a mating castling through, and the search finds it', () => {
    // O-O-O (or Rd1): the rook lands on d1 and checks along the d-file; d7 is the only flight.
    const s = game('italian', '2rkr3/2p1p3/8/8/8/8/8/R3K3 w Q - 0 1', 1);
    expect(check(s).mating.sort()).toEqual(['a1d1', 'e1c1']);
    const r = findMate(s);
    expect(r.found && r.moves.length === 1 && isWinningSeries(s, r.moves)).toBe(true);
  });
});
