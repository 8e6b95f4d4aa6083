import { reallyStarted, type Absence, type Color, type SeatAbsence } from '@progressive-chess/shared';
import type { GameDoc } from './game-doc-types.js';

/**
 * Whether a player may claim against an absent `opponent`: in live games (Fischer, per-turn,
 * untimed), never in correspondence (players come and go; the clock decides), nor against the
 * computer (it never leaves).
 */
export function claimable(doc: GameDoc, opponent: Color): boolean {
  return doc.timeControl.kind !== 'correspondence' && doc.bot?.color !== opponent;
}

/**
 * Whether claims against an absent opponent are open in this game now: once it has really started
 * (both sides have completed a turn, shared `reallyStarted`). Before, the present player may abort
 * it instead (shared `canAbort`: the same rule), as on lichess: a page still loading, or a tab
 * closed before the first moves, neither loses the game nor counts against its player.
 */
export const claimsOpen = (doc: Pick<GameDoc, 'turn' | 'initialTurn'>): boolean => reallyStarted(doc.turn - doc.initialTurn);

export function seatAbsence(doc: GameDoc, c: Color, claimAfterMs: number): SeatAbsence | null {
  const since = doc.away?.[c];
  if (since === undefined) return null;
  return { since, claimFrom: claimable(doc, c) ? since + claimAfterMs : null };
}

/** What clients see of the players' absences (`GameSnapshot.absence`, the `absence` event); undefined when both are there. */
export function absenceOf(doc: GameDoc, claimAfterMs: number): Absence | undefined {
  if (doc.away === undefined) return undefined;
  return { white: seatAbsence(doc, 'white', claimAfterMs), black: seatAbsence(doc, 'black', claimAfterMs) };
}

