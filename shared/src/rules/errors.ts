/** The rule errors a move or pass can meet in a running game; the protocol reuses them as they are. */
export const PLAY_ERROR_CODES = [
  'not-your-turn',
  'illegal-move',
  'check-before-last-move',
  'cycle-piece-already-moved',
  'cannot-afford',
  'en-passant-not-first-move',
  'game-over',
  'cannot-pass',
] as const;
export type PlayErrorCode = (typeof PLAY_ERROR_CODES)[number];
/** Every rule error: the play errors plus those of reading a position. */
export type RuleErrorCode = PlayErrorCode | 'invalid-fen' | 'invalid-state';

export const isPlayErrorCode = (code: string): code is PlayErrorCode =>
  (PLAY_ERROR_CODES as readonly string[]).includes(code);

/** An expected rule failure: a stable `code` plus a human-readable message. */
export interface RuleError {
  readonly code: RuleErrorCode;
  readonly message: string;
}

export const ruleError = (code: RuleErrorCode, message: string): RuleError => ({ code, message });

