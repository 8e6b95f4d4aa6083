import { describe, expect, it } from 'vitest';
import { isWinningSeries } from '../../src/mate/index.js';
import { oneMoveMayMate } from '../../src/mate/last-move.js';
import { searchSetup } from '../../src/mate/setup.js';
import { legalMoves, play, type GameState } from '../../src/rules/index.js';
import { game } from '../rules/helpers.js';
import { mateProblems } from './mates60.js';

/** The Italian state of each example series two moves before its end. */
function twoLeft(): Array<[string, GameState]> {
  const out: Array<[string, GameState]> = [];
  for (const p of mateProblems()) {
    let s = game('italian', p.fen, p.turn);
    for (const move of p.solution.slice(0, p.turn - 2)) {
      const r = play(s, move);
      if (!r.ok) throw new Error(`#${p.id}: the example series was refused`);
      s = r.value.state;
    }
    out.push([p.id, s]);
  }
  return out;
}

describe('the necessary test for a mate in one more move', () => {
  let refusedInAll = 0;
  it.each(twoLeft().filter((_, i) => i % 2 === 0))('#%s: never says no where a last move mates', (_id, s) => {
    let mates = 0;
    let refused = 0;
    for (const first of legalMoves(s)) {
      const r = play(s, first);
      if (!r.ok || r.value.turnEnded) continue;
      const mid = r.value.state;
      const may = oneMoveMayMate(searchSetup(mid).b, searchSetup(mid).zone);
      if (!may) refused++;
      for (const last of legalMoves(mid)) {
        if (!isWinningSeries(mid, [last])) continue;
        mates++;
        expect(may, `after ${first.from}${first.to}, ${last.from}${last.to} mates`).toBe(true);
      }
    }
    // The example's own line mates.
    expect(mates).toBeGreaterThan(0);
    refusedInAll += refused;
  }, 60_000);

  it('does turn first moves away (it runs after the cases above)', () => {
    expect(refusedInAll).toBeGreaterThan(100);
  });
});
