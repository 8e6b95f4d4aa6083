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
] as const;
export type OutcomeReason = (typeof OUTCOME_REASONS)[number];

/** How a game ended. `result` is null only for `aborted` (no result). */
export interface Outcome {
  readonly result: GameResult | null;
  readonly reason: OutcomeReason;
}
