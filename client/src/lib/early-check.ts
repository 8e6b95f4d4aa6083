import {
  VARIANTS,
  cyclePending,
  play,
  positionOf,
  type GameState,
  type Move,
  type Square,
} from '@progressive-chess/shared';
import { sameMove } from '@progressive-chess/shared';

export interface BlockedMove {
  readonly move: Move;
  readonly message: string;
}

/**
 * Italian: moves that chess allows but the series refuses because they would give check
 * before the last move. Shown so the player understands why a dot is missing.
 */
export function earlyChecks(state: GameState, legal: readonly Move[]): BlockedMove[] {
  const variant = VARIANTS[state.variant];
  if (variant.checkRule !== 'last-only' || state.outcome) return [];
  const blocked: BlockedMove[] = [];
  for (const move of positionOf(state).legalMoves(variant.moveRules)) {
    if (legal.some((l) => sameMove(l, move))) continue;
    const res = play(state, move);
    if (!res.ok && res.error.code === 'check-before-last-move') blocked.push({ move, message: res.error.message });
  }
  return blocked;
}

/** English: squares of the pieces that must still move in the current cycle. */
export function cyclePendingSquares(state: GameState): Square[] {
  return VARIANTS[state.variant].cycles && !state.outcome ? cyclePending(state) : [];
}
