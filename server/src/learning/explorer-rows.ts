import { EXPLORER_MAX_TURN, makeUci, ratingBandOf, speedOf, turnStartKey, type PlayedTurn, type RatingBand, type ExplorerSpeed, type VariantId } from '@progressive-chess/shared';
import type { GameDoc } from '../services/game-doc.js';

/** One series of one game, as the explorer counts it. */
export interface ExplorerRow {
  readonly variant: VariantId;
  readonly positionKey: string;
  /** UCI moves, space-separated. */
  readonly series: string;
  readonly speed: ExplorerSpeed;
  readonly band: RatingBand;
  readonly result: '1-0' | '0-1' | '1/2-1/2';
}

/** Whether a series was played to its end (a series cut short by a resignation or a flag was not). */
const completed = (t: PlayedTurn): boolean => t.moves.length > 0 && (t.end.turn !== t.start.turn || t.end.outcome !== null);

/**
 * The explorer's rows of a finished game: each completed series of its first EXPLORER_MAX_TURN
 * turns, keyed by the position its turn started from. None for an aborted game (no result) or a
 * game against the computer (its series are the program's, not players' openings).
 */
export function explorerRows(doc: GameDoc, turns: readonly PlayedTurn[]): ExplorerRow[] {
  const result = doc.outcome?.result ?? null;
  if (result === null || doc.bot !== undefined) return [];
  const speed = speedOf(doc.timeControl);
  const band = ratingBandOf(doc.players.white.rating, doc.players.black.rating);
  return turns
    .filter((t) => t.start.turn <= EXPLORER_MAX_TURN && completed(t))
    .map((t) => ({ variant: doc.variant, positionKey: turnStartKey(t.start), series: t.moves.map(makeUci).join(' '), speed, band, result }));
}
