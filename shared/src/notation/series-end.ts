// Why a series ended, so that a move written after it (`3.Qh5+ Nc3`) is reported where a reader
// sees it: as one move too many in that turn, not as a turn without its number.
import { VARIANTS, type GameState, type PlayOutcome } from '../rules/index.js';
import type { NotationError } from './errors.js';

export interface SeriesEnd {
  readonly turn: number;
  /** Moves the series had when it ended. */
  readonly moves: number;
  readonly why: string;
}

/** How the series of `before`'s turn ended with the move written `san` (`out.turnEnded` is true). */
export function seriesEnd(before: GameState, out: PlayOutcome, san: string): SeriesEnd {
  const v = VARIANTS[before.variant];
  const end = (why: string): SeriesEnd => ({ turn: before.turn, moves: before.moveIndex + 1, why });
  if (out.check && v.checkRule === 'ends-series') return end(`the series already ended with the check ${san}`);
  if (!v.costs || !out.effect) return end(`the series is complete: turn ${before.turn} has ${before.budget} move(s)`);
  const cost = v.costs[out.effect.promotion ?? out.effect.moved];
  if (before.spent + cost >= before.budget) return end(`the series already ended: its ${before.budget} point(s) are spent`);
  return end('the series already ended: no affordable move was left');
}

/** The error for a move written after its series ended: one move too many in that turn. */
export const afterSeries = (end: SeriesEnd, san: string): { readonly ok: false; readonly error: NotationError } => ({
  ok: false,
  error: { code: 'turn-mismatch', message: `turn ${end.turn}: ${end.why}`, turn: end.turn, move: end.moves + 1, san },
});
