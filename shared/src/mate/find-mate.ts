/**
 * findMate: from any point of a turn, a legal continuation of the current series that wins at
 * once (checkmate or progressive checkmate where the goal is mate, the last enemy piece taken in
 * Take-All), or a proof that none exists, or "don't know" when the budget ran out.
 */
import { isWinningSeries } from '../rules/game.js';
import type { GameState } from '../rules/state.js';
import { searchMate, type MateOptions, type MateResult } from './search-mate.js';

export { isWinningSeries };
export { DEFAULT_MAX_NODES, type MateOptions, type MateResult } from './search-mate.js';

export function findMate(state: GameState, opts: MateOptions = {}): MateResult {
  return searchMate(state, opts, (moves) => isWinningSeries(state, moves));
}
