import { opposite, type Color } from '../chess/index.js';
import { positionOf } from './query.js';
import type { GameState } from './state.js';
import type { Outcome } from './variant-ids.js';
import { VARIANTS } from './variants.js';

/**
 * The outcome when `flagged` runs out of time (docs/rules.md section 9): the opponent wins, except
 * a draw (`timeout-vs-insufficient-material`) when the opponent has nothing but a king in a variant
 * won by checkmate, where it could never win.
 */
export function timeoutOutcome(state: GameState, flagged: Color): Outcome {
  const winner = opposite(flagged);
  const loneKing = positionOf(state).pieces(winner).length <= 1;
  if (loneKing && VARIANTS[state.variant].goal === 'checkmate') return { result: '1/2-1/2', reason: 'timeout-vs-insufficient-material' };
  return { result: winner === 'white' ? '1-0' : '0-1', reason: 'timeout' };
}
