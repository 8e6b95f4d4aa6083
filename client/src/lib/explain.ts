import { VARIANTS, opposite, seriesBudget, type AbortCause, type Color, type MoveRecord, type VariantId } from '@progressive-chess/shared';
import { m } from './i18n.svelte.js';

/** A first word in chess notation (a square, a pawn move or capture, UCI): never capitalised, as "E5" would read as a piece. */
const NOTATION_FIRST = /^[a-h](?:[1-8]|x[a-h])/;

/** "the game is over" -> "The game is over." (rule and server messages are lower case; "e5 is not..." keeps its move). */
export function sentence(text: string): string {
  const t = text.trim();
  if (!t) return t;
  const cap = NOTATION_FIRST.test(t) ? t : t[0]!.toUpperCase() + t.slice(1);
  return /[.!?]$/.test(cap) ? cap : `${cap}.`;
}

/** Scottish-style variants: the move gave check before the series was complete, so it ended the series. */
export function endedByCheck(rec: MoveRecord, variant: VariantId): boolean {
  const v = VARIANTS[variant];
  if (v.checkRule !== 'ends-series' || v.costs !== null) return false;
  return rec.turnEnded && rec.san.endsWith('+') && rec.index < seriesBudget(v, rec.turn);
}

/**
 * The side to move starts its turn in check: "Series ended by check: Black must answer it" when
 * the check cut the series short (Scottish-style), else "Black is in check: the first move of the
 * series must answer it" (a check on a series' last move, in every variant with checks).
 */
export function checkEndedNotice(moves: readonly MoveRecord[], variant: VariantId): string | null {
  const last = moves.at(-1);
  if (!last?.turnEnded || !last.san.endsWith('+')) return null;
  const side = opposite(last.color);
  if (endedByCheck(last, variant)) return m.notice_series_ended_by_check({ side });
  return m.notice_in_check({ side });
}

/**
 * Escalation: the last move left the opponent in check in the middle of the series, which goes on
 * (the king is marked on the board); the mate is decided when the defender's turn starts.
 */
export function midSeriesCheckNotice(moves: readonly MoveRecord[], variant: VariantId): string | null {
  const last = moves.at(-1);
  if (!last || last.turnEnded || !last.san.endsWith('+') || VARIANTS[variant].checkRule !== 'free') return null;
  return m.notice_mid_series_check({ side: opposite(last.color) });
}

/**
 * Cost variants: the move at `i` is the last of a turn that the player passed (it did not end the
 * turn, yet the other side moved next or the turn is over). `nextColor`: who plays after the
 * list (the live state's side to move).
 */
export function passedAfter(moves: readonly MoveRecord[], i: number, nextColor: Color | null): boolean {
  const rec = moves[i];
  if (!rec || rec.turnEnded) return false;
  const next = moves[i + 1];
  return next ? next.turn !== rec.turn : nextColor !== null && nextColor !== rec.color;
}

/**
 * The abort banner, from the cause the server recorded: who failed to make a first move in time
 * (`toMove`, the side whose grace ran out), an abandoned game, or a player's abort; nobody lost rating.
 */
export function abortText(cause: AbortCause | undefined, toMove: Color): string {
  switch (cause) {
    case 'first-move-timeout':
      return m.abort_first_move_timeout({ side: toMove });
    case 'abandoned':
      return m.abort_abandoned();
    case 'player':
      return m.abort_player();
    case undefined:
      return m.abort_unknown();
  }
}
