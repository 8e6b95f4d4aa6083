import type { RuleErrorCode } from '../rules/index.js';

/** Codes of notation errors: the rules' own codes, plus reading problems. */
export type NotationErrorCode =
  | RuleErrorCode
  /** Not a move, a turn number or a result; or an ambiguous move. */
  | 'unreadable'
  /** A turn number that is not the one expected there (or a turn that does not start with its number). */
  | 'turn-mismatch'
  /** PGN import: a `Variant` tag naming no known variant (or missing, without a default). */
  | 'unknown-variant'
  /** PGN import: the `Result`/`Termination` tags disagree with what the moves give. */
  | 'result-mismatch';

/** Why a single move could not be read (parseSan). */
export interface SanError {
  readonly code: NotationErrorCode;
  readonly message: string;
}

/** The first problem met while reading or writing a game: where it is, 1-based. */
export interface NotationError extends SanError {
  /** Progressive turn number. */
  readonly turn: number;
  /** 1-based index of the move within its turn's series. */
  readonly move: number;
  /** The offending text as written ('' when there is none, e.g. a turn that ended too early). */
  readonly san: string;
}
