export const VARIANT_IDS = [
  'scottish',
  'italian',
  'english',
  'logical',
  'escalation',
  'take-all',
  'cost',
  'cost-simple',
  'cost-fibonacci',
] as const;
export type VariantId = (typeof VARIANT_IDS)[number];

/** The variant chosen unless a player picks another (forms, pages without one, imports). */
export const DEFAULT_VARIANT: VariantId = 'scottish';

export const GAME_RESULTS = ['1-0', '0-1', '1/2-1/2'] as const;
export type GameResult = (typeof GAME_RESULTS)[number];

export const OUTCOME_REASONS = [
  'checkmate',
  'progressive-checkmate',
  'all-captured',
  'resignation',
  'timeout',
  'stalemate',
  'ten-turn-rule',
  'repetition',
  'insufficient-material',
  'agreement',
  'aborted',
  'timeout-vs-insufficient-material',
  'opponent-left',
] as const;
export type OutcomeReason = (typeof OUTCOME_REASONS)[number];

/**
 * Why a game was aborted, as the server decided it: a player's abort (allowed before both sides
 * completed a turn), the first-move timeout of a game with a clock, or abandonment (a game without
 * a clock deadline left unchanged too long).
 */
export const ABORT_CAUSES = ['player', 'first-move-timeout', 'abandoned'] as const;
export type AbortCause = (typeof ABORT_CAUSES)[number];

/** How a game ended. `result` is null only for `aborted` (no result). */
export interface Outcome {
  readonly result: GameResult | null;
  readonly reason: OutcomeReason;
  /**
   * `aborted` only: why (absent in games that ended before it was recorded). Kept by the server's
   * record of the game, not by the rules state's encoding, which the rules alone decide.
   */
  readonly abort?: AbortCause;
}
