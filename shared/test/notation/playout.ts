import type { Move } from '../../src/chess/index.js';
import type { GameRecord } from '../../src/notation/index.js';
import { endTurn, legalMoves, newGame, play, type GameState, type VariantId } from '../../src/rules/index.js';

/** A deterministic pseudo-random game: legal moves picked by an LCG, cost turns sometimes passed. */
export function playout(variant: VariantId, seed: number, maxMoves: number): { record: GameRecord; state: GameState } {
  const start = newGame(variant);
  if (!start.ok) throw new Error(start.error.message);
  let state = start.value;
  let x = seed >>> 0;
  const next = (n: number): number => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return (x >>> 8) % n;
  };
  const moves: Move[] = [];
  const passes: number[] = [];
  while (!state.outcome && moves.length < maxMoves) {
    if (state.moveIndex > 0 && state.spent < state.budget && next(4) === 0) {
      const passed = endTurn(state);
      if (passed.ok) {
        passes.push(moves.length);
        state = passed.value.state;
        continue;
      }
    }
    const legal = legalMoves(state);
    const move = legal[next(legal.length)];
    if (!move) break;
    const played = play(state, move);
    if (!played.ok) throw new Error(`play refused a legal move: ${played.error.message}`);
    moves.push(move);
    state = played.value.state;
  }
  return { record: { variant, moves, ...(passes.length > 0 ? { passes } : {}) }, state };
}
