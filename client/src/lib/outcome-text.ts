import type { Color, GameState, Outcome, OutcomeReason, VariantId } from '@progressive-chess/shared';
import { m } from './i18n.svelte.js';

/** The side that lost, from the result (null for draws and aborts). */
function loserOf(outcome: Outcome): Color | null {
  if (outcome.result === '1-0') return 'black';
  if (outcome.result === '0-1') return 'white';
  return null;
}

/** "White wins", "Draw", "Game aborted". */
export function resultHeadline(outcome: Outcome): string {
  if (outcome.result === '1-0') return m.result_white_wins();
  if (outcome.result === '0-1') return m.result_black_wins();
  if (outcome.result === '1/2-1/2') return m.result_draw();
  return m.result_aborted();
}

/** Each reason in the language; `loser` is null for draws and aborts. */
const REASONS: Record<OutcomeReason, (loser: Color | null) => string> = {
  checkmate: (l) => m.reason_checkmate({ loser: l ?? 'white' }),
  'progressive-checkmate': (l) => m.reason_progressive_checkmate({ loser: l ?? 'white' }),
  'all-captured': (l) => m.reason_all_captured({ loser: l ?? 'white' }),
  resignation: (l) => m.reason_resignation({ loser: l ?? 'white' }),
  timeout: (l) => m.reason_timeout({ loser: l ?? 'white' }),
  stalemate: () => m.reason_stalemate(),
  'ten-turn-rule': () => m.reason_ten_turn_rule(),
  repetition: () => m.reason_repetition(),
  'insufficient-material': () => m.reason_insufficient_material(),
  agreement: () => m.reason_agreement(),
  aborted: () => m.reason_aborted(),
  'timeout-vs-insufficient-material': () => m.reason_timeout_vs_insufficient_material(),
  'opponent-left': (l) => (l === null ? m.reason_opponent_left_draw() : m.reason_opponent_left({ loser: l })),
};

/** The reason in a few words: "checkmate", "ten turn rule" (the analysis board, rule samples). */
export const reasonShort = (reason: OutcomeReason): string => m.reason_short({ reason });

/** The reason in plain words; `variant` where a variant's rule says more (an Italian stalemate). */
export function reasonText(outcome: Outcome, variant?: VariantId): string {
  if (outcome.reason === 'stalemate' && variant === 'italian') {
    return m.reason_stalemate_italian();
  }
  return REASONS[outcome.reason](loserOf(outcome));
}

/**
 * The ten-turn rule's exception (docs/rules.md 5.1.1) while its one series is played:
 * "Ten quiet turns: White can force mate, play on"; null otherwise.
 */
export function playOnText(state: GameState): string | null {
  return state.tenTurnPlayOn && !state.outcome ? m.play_on({ side: state.color }) : null;
}
