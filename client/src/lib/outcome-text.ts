import type { Color, GameState, Outcome, OutcomeReason, VariantId } from '@progressive-chess/shared';

const cap = (c: Color): string => (c === 'white' ? 'White' : 'Black');

/** The side that lost, from the result (null for draws and aborts). */
function loserOf(outcome: Outcome): Color | null {
  if (outcome.result === '1-0') return 'black';
  if (outcome.result === '0-1') return 'white';
  return null;
}

/** "White wins", "Draw", "Game aborted". */
export function resultHeadline(outcome: Outcome): string {
  if (outcome.result === '1-0') return 'White wins';
  if (outcome.result === '0-1') return 'Black wins';
  if (outcome.result === '1/2-1/2') return 'Draw';
  return 'Game aborted';
}

const REASONS: Record<OutcomeReason, (loser: string, winner: string) => string> = {
  checkmate: (l) => `Checkmate: ${l} could not escape the check`,
  'progressive-checkmate': (l) =>
    `Progressive checkmate: ${l} was in check, and every way out of it would have given check before the last move of the series, which Italian rules forbid`,
  'all-captured': (l, w) => `${w} captured every piece of ${l}`,
  resignation: (l) => `${l} resigned`,
  timeout: (l) => `${l} ran out of time`,
  stalemate: () => 'Stalemate: the side to move had no move the rules allow',
  'ten-turn-rule': () => 'Ten turns in a row without a capture or a pawn move',
  repetition: () => 'The same position came up three times at the end of a turn',
  'insufficient-material': () => 'Neither side has enough material left to checkmate',
  agreement: () => 'The players agreed to a draw',
  aborted: () => 'The game was aborted before it really started',
  'timeout-vs-insufficient-material': () => 'Time ran out, but the opponent could not possibly checkmate',
  'opponent-left': (l, w) => (l === 'A player' ? 'A player left the game, and the other claimed a draw' : `${l} left the game, and ${w} claimed the victory`),
};

/** The reason in plain words; `variant` where a variant's rule says more (an Italian stalemate). */
export function reasonText(outcome: Outcome, variant?: VariantId): string {
  if (outcome.reason === 'stalemate' && variant === 'italian') {
    return 'Stalemate: the side to move could not go on without giving check before the last move of its series, which Italian rules forbid';
  }
  const loser = loserOf(outcome);
  const l = loser ? cap(loser) : 'A player';
  const w = loser ? cap(loser === 'white' ? 'black' : 'white') : 'A player';
  return REASONS[outcome.reason](l, w);
}

/**
 * The ten-turn rule's exception (docs/rules.md 5.1.1) while its one series is played:
 * "Ten quiet turns: White can force mate, play on"; null otherwise.
 */
export function playOnText(state: GameState): string | null {
  return state.tenTurnPlayOn && !state.outcome ? `Ten quiet turns: ${cap(state.color)} can force mate, play on` : null;
}
