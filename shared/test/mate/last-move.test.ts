import { describe, expect, it } from 'vitest';
import { isWinningSeries } from '../../src/mate/index.js';
import { oneMoveMayMate } from '../../src/mate/last-move.js';
import { searchSetup } from '../../src/mate/setup.js';
import { legalMoves, play, type GameState } from '../../src/rules/index.js';
import { afterExample, mateProblems } from './mates60.js';

/** The Italian state of each example series two moves before its end. */
const twoLeft = (): Array<[string, GameState]> => mateProblems().map((p) => [p.id, afterExample(p, p.turn - 2)]);

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
