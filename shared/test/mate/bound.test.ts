import { describe, expect, it } from 'vitest';
import { findMate, plainMateSearch } from '../../src/mate/index.js';
import { searchSetup } from '../../src/mate/setup.js';
import { zoneBound } from '../../src/mate/zone.js';
import { play, type GameState, type VariantId } from '../../src/rules/index.js';
import { game } from '../rules/helpers.js';
import { mateProblems } from './mates60.js';

/** The states along a problem's example series, before each move (the series still open). */
function line(variant: VariantId, fen: string, turn: number, moves: ReturnType<typeof mateProblems>[number]['solution']): GameState[] {
  const out: GameState[] = [];
  let s = game(variant, fen, turn);
  for (const move of moves) {
    out.push(s);
    const r = play(s, move);
    if (!r.ok || r.value.turnEnded) break;
    s = r.value.state;
  }
  return out;
}

describe('the king-zone bound is admissible', () => {
  it('never exceeds the moves left along the 60 example mates', () => {
    let checked = 0;
    for (const p of mateProblems()) {
      for (const s of line('italian', p.fen, p.turn, p.solution)) {
        const setup = searchSetup(s);
        const left = s.budget - s.moveIndex;
        const z = zoneBound(setup.b, setup.zone, left, left, true, { moves: 0, points: 0, covered: 0 });
        expect(z.moves, `#${p.id} with ${left} left`).toBeLessThanOrEqual(left);
        checked++;
      }
    }
    expect(checked).toBe(342);
  });

  it('is tight enough to matter: above half the series on the 9-move problems', () => {
    for (const p of mateProblems().filter((x) => x.turn === 9)) {
      const setup = searchSetup(game('italian', p.fen, p.turn));
      const z = zoneBound(setup.b, setup.zone, 9, 9, true, { moves: 0, points: 0, covered: 0 });
      expect(z.moves, `#${p.id}`).toBeGreaterThan(4);
    }
  });
});

describe('findMate agrees with the plain rules search three moves from the end', () => {
  const cases: Array<[VariantId, string, GameState]> = [];
  for (const p of mateProblems().filter((_, i) => i % 10 === 1)) {
    for (const v of ['italian', 'scottish', 'escalation'] as VariantId[]) {
      const states = line(v, p.fen, p.turn, p.solution);
      const s = states[p.turn - 3];
      if (s) cases.push([v, p.id, s]);
    }
  }

  it('has enough cases', () => {
    expect(cases.length).toBeGreaterThan(12);
  });

  it.each(cases)('%s #%s', (_v, _id, s) => {
    const fast = findMate(s);
    const plain = plainMateSearch(s, { maxNodes: 2_000_000 });
    expect(plain.complete || plain.found).toBe(true);
    expect(fast.complete).toBe(true);
    expect(fast.found).toBe(plain.found);
  }, 120_000);
});
