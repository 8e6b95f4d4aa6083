import type { Absence, Color, SeatAbsence } from '@progressive-chess/shared';
import type { GameDoc } from './game-doc-types.js';

/**
 * Whether a player may claim against an absent `opponent`: in live games (Fischer, per-turn,
 * untimed), never in correspondence (players come and go; the clock decides), nor against the
 * computer (it never leaves).
 */
export function claimable(doc: GameDoc, opponent: Color): boolean {
  return doc.timeControl.kind !== 'correspondence' && doc.bot?.color !== opponent;
}

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

