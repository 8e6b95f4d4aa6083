import { describe, expect, it } from 'vitest';
import { chooseSeries, type BotLevel } from '../../src/search/index.js';
import { play, type GameState, type VariantId } from '../../src/rules/index.js';
import { game } from '../rules/helpers.js';

/** A clock that advances one millisecond per reading: budgets become deterministic. */
function tickClock(): () => number {
  let t = 0;
  return () => (t += 1);
}

function seeded(seed: number): () => number {
  let x = seed >>> 0;
  return () => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return x / 4294967296;
  };
}

/** Plays a whole series through the rules; it must be legal and end the turn (or the game). */
function playSeries(state: GameState, level: BotLevel, seed: number): GameState {
  const moves = chooseSeries(state, { level, budgetMs: 400, now: tickClock(), random: seeded(seed) });
  expect(moves.length).toBeGreaterThan(0);
  let s = state;
  for (const [i, move] of moves.entries()) {
    const r = play(s, move, state.color);
    if (!r.ok) throw new Error(`move ${i + 1}: ${r.error.code}`);
    expect(r.value.turnEnded).toBe(i === moves.length - 1);
    s = r.value.state;
  }
  return s;
}

describe('chooseSeries', () => {
  it('plays a mate when there is one', () => {
    const g = game('scottish', 'rnbqkb1r/pppp1ppp/5n2/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1', 3);
    const after = playSeries(g, 1, 1);
    expect(after.outcome).toEqual({ result: '1-0', reason: 'checkmate' });
  });

  it('does not walk into a mate it can see: Black must not allow 3.Qh5/Bc4/Qxf7#', () => {
    // Black to play turn 2 in Italian; many series leave f7 to the queen and bishop.
    const g = game('italian', 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1', 2);
    const after = playSeries(g, 3, 7);
    expect(after.outcome).toBeNull();
    const r = chooseSeries(after, { level: 3, budgetMs: 400, now: tickClock(), random: seeded(3) });
    let s = after;
    for (const move of r) {
      const p = play(s, move);
      if (!p.ok) break;
      s = p.value.state;
    }
    expect(s.outcome?.reason).not.toBe('checkmate');
  }, 60_000);

  it.each(['italian', 'scottish', 'english', 'cost', 'take-all'] as VariantId[])('plays legal series for both sides in %s', (variant) => {
    let s = game(variant);
    for (let turn = 0; turn < 8 && !s.outcome; turn++) s = playSeries(s, turn % 2 === 0 ? 3 : 1, turn + 11);
    expect(s.turn).toBeGreaterThan(1);
  }, 60_000);
});
