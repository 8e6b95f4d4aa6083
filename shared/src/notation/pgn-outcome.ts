// The outcome a PGN-style file records, checked against what its moves give under the rules.
import { err, ok, type Result } from '../result.js';
import { GAME_RESULTS, OUTCOME_REASONS, finish, type GameResult, type Outcome, type OutcomeReason } from '../rules/index.js';
import type { NotationError } from './errors.js';
import type { PgnTags } from './pgn-tags.js';
import type { ParsedGame } from './record.js';

/** Finishes the moves cannot show, and the results each allows (null: no result). */
const OUTSIDE: Partial<Record<OutcomeReason, (result: GameResult | null) => boolean>> = {
  resignation: (r) => r === '1-0' || r === '0-1',
  timeout: (r) => r === '1-0' || r === '0-1',
  agreement: (r) => r === '1/2-1/2',
  'timeout-vs-insufficient-material': (r) => r === '1/2-1/2',
  aborted: (r) => r === null,
  'opponent-left': (r) => r !== null,
};

const asResult = (s: string | undefined): GameResult | null | undefined =>
  s === undefined ? undefined : ((GAME_RESULTS as readonly string[]).includes(s) ? (s as GameResult) : null);
const asReason = (s: string | undefined): OutcomeReason | undefined =>
  (OUTCOME_REASONS as readonly string[]).includes(s ?? '') ? (s as OutcomeReason) : undefined;

/**
 * The game's outcome as the file records it: the rules' outcome when the moves end the game
 * (a `Result` tag or trailing result, and a `Termination` naming an outcome reason, must then
 * agree with it); otherwise a finish from outside the board (`Termination` resignation, timeout,
 * agreement, timeout-vs-insufficient-material or aborted, with a fitting `Result`); otherwise
 * null (in progress, or a result the file does not explain). Disagreement is `result-mismatch`,
 * reported where play would have continued.
 */
export function recordedOutcome(tags: PgnTags, parsed: ParsedGame): Result<Outcome | null, NotationError> {
  const { state } = parsed;
  const result = asResult(tags.Result ?? parsed.result);
  const reason = asReason(tags.Termination);
  const mismatch = (message: string) =>
    err({ code: 'result-mismatch' as const, message, turn: state.turn, move: state.moveIndex + 1, san: '' });
  const ruled = state.outcome;
  if (ruled) {
    if (result !== undefined && result !== null && result !== ruled.result) {
      return mismatch(`the moves end the game ${ruled.result} by ${ruled.reason}, the file says ${String(result)}`);
    }
    if (reason !== undefined && reason !== ruled.reason) {
      return mismatch(`the moves end the game by ${ruled.reason}, the file says ${reason}`);
    }
    return ok(ruled);
  }
  if (reason === undefined) return ok(null);
  const fits = OUTSIDE[reason];
  if (!fits) return mismatch(`the file says ${reason}, but the moves do not end the game`);
  if (!fits(result ?? null)) return mismatch(`a game ended by ${reason} cannot have the result ${String(tags.Result ?? '*')}`);
  return ok({ result: result ?? null, reason });
}

/** `parsed` finished with the outcome the file records (unchanged when it records none). */
export function withRecordedOutcome(tags: PgnTags, parsed: ParsedGame): Result<ParsedGame, NotationError> {
  const outcome = recordedOutcome(tags, parsed);
  if (!outcome.ok) return outcome;
  if (!outcome.value || parsed.state.outcome) return ok(parsed);
  return ok({ ...parsed, state: finish(parsed.state, outcome.value) });
}
