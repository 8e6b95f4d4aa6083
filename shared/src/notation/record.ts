import type { Move } from '../chess/index.js';
import { newGame, type GameState, type VariantId } from '../rules/index.js';
import { err, type Result } from '../result.js';
import type { NotationError } from './errors.js';

/** A game as a flat list of moves; turn boundaries follow from the rules. */
export interface GameRecord {
  readonly variant: VariantId;
  /** FEN at the start of `initialTurn` (default: the initial position). */
  readonly initialFen?: string;
  /** Turn number the game starts at (default 1). */
  readonly initialTurn?: number;
  readonly moves: readonly Move[];
  /**
   * Cost variants: the player passed the rest of a turn after this many moves of `moves`
   * had been played (ascending). Optional: a pass followed by a move of the other side is
   * also inferred from that move's colour; only a pass after the last move needs it.
   */
  readonly passes?: readonly number[];
}

/** A game read from progressive notation (or PGN movetext), replayed through the rules. */
export interface ParsedGame {
  readonly record: GameRecord;
  /** The state after the last move (or pass): where play continues. */
  readonly state: GameState;
  /** Turns in which at least one move was read. */
  readonly turnsPlayed: number;
  /** A trailing result, normalised: '1-0', '0-1', '1/2-1/2' or '*'. */
  readonly result?: string;
}

export interface StartOptions {
  readonly fen?: string;
  readonly turn?: number;
}

/** The state a record or a movetext starts from, or the rules' refusal as a notation error. */
export function startState(variant: VariantId, opts: StartOptions): Result<GameState, NotationError> {
  const start = newGame(variant, {
    ...(opts.fen !== undefined ? { fen: opts.fen } : {}),
    ...(opts.turn !== undefined ? { turn: opts.turn } : {}),
  });
  if (start.ok) return start;
  return err({ ...start.error, turn: opts.turn ?? 1, move: 1, san: '' });
}

export const failAt = (
  state: GameState,
  code: NotationError['code'],
  message: string,
  san: string,
): { readonly ok: false; readonly error: NotationError } =>
  err({ code, message, turn: state.turn, move: state.moveIndex + 1, san });
