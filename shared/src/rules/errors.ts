export type RuleErrorCode =
  | 'not-your-turn'
  | 'illegal-move'
  | 'check-before-last-move'
  | 'cycle-piece-already-moved'
  | 'cannot-afford'
  | 'en-passant-not-first-move'
  | 'game-over'
  | 'cannot-pass'
  | 'invalid-fen'
  | 'invalid-state';

/** An expected rule failure: a stable `code` plus a human-readable message. */
export interface RuleError {
  readonly code: RuleErrorCode;
  readonly message: string;
}

export const ruleError = (code: RuleErrorCode, message: string): RuleError => ({ code, message });

/** The codes `play` and `endTurn` can refuse a move (or pass) of a running game with. */
export const PLAY_ERROR_CODES = [
  'not-your-turn',
  'illegal-move',
  'check-before-last-move',
  'cycle-piece-already-moved',
  'cannot-afford',
  'en-passant-not-first-move',
  'game-over',
  'cannot-pass',
] as const satisfies readonly RuleErrorCode[];
