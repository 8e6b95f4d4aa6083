import { clockView, giveTime, opposite, type Absence, type Color, type GameState } from '@progressive-chess/shared';
import { fail } from './errors.js';
import type { GameDoc } from './game-doc-types.js';
import { absenceOf, claimable, claimsOpen, seatAbsence } from './game-absence.js';
import { people, unlistAt } from './lobby-listing.js';
import { finishTransition, type Transition } from './game-transitions.js';

/** The players connected to a game now, on every node (a room count). */
export interface Online {
  readonly white: boolean;
  readonly black: boolean;
}

const NOBODY_AWAY: Absence = { white: null, black: null };

/**
 * The doc after a room count found `online` (a fact of the store, so that every node decides claims
 * and the lobby's listing alike): each player's `away` is the time their last connection left,
 * cleared when one is back; a player coming back lists the game again. Null when nothing changed
 * (or the game is over). Not activity: the game's idle deadline stays as it is.
 */
export function presenceTransition(doc: GameDoc, state: GameState, online: Online, now: number, claimAfterMs: number): Transition | null {
  if (doc.status !== 'playing') return null;
  const away: { white?: number; black?: number } = {};
  for (const c of ['white', 'black'] as const) {
    if (doc.bot?.color === c || online[c]) continue;
    away[c] = doc.away?.[c] ?? now;
  }
  const same = (['white', 'black'] as const).every((c) => away[c] === doc.away?.[c]);
  if (same) return null;
  const back = people(doc).some((c) => online[c]);
  const { away: _old, unlisted, ...rest } = doc;
  const next: GameDoc = {
    ...rest,
    ...(away.white === undefined && away.black === undefined ? {} : { away }),
    ...(unlisted === true && !back ? { unlisted } : {}),
  };
  return { doc: next, state, moves: [], body: { type: 'absence', absence: absenceOf(next, claimAfterMs) ?? NOBODY_AWAY }, activity: false };
}

/** The game leaves the lobby's list: its people have all been away `lobbyAwayMs` at `now` (else null). */
export function unlistTransition(doc: GameDoc, state: GameState, now: number, limits: { lobbyAwayMs: number; claimAfterMs: number }): Transition | null {
  const at = unlistAt(doc, limits.lobbyAwayMs);
  if (at === null || at > now) return null;
  const next: GameDoc = { ...doc, unlisted: true };
  return { doc: next, state, moves: [], body: { type: 'absence', absence: absenceOf(next, limits.claimAfterMs) ?? NOBODY_AWAY }, activity: false };
}

/**
 * `color` claims the game against its absent opponent: won (`victory`) or drawn, `opponent-left`.
 * Refused with `opponent-present` unless the opponent has been away `claimAfterMs` (and no claim by
 * absence is possible in this game: correspondence, or against the computer), and with
 * `too-early-to-claim` before the game has really started (`claimsOpen`: it may be aborted instead).
 */
export function claimTransition(doc: GameDoc, state: GameState, color: Color, now: number, claimAfterMs: number, victory: boolean): Transition {
  const opponent = opposite(color);
  const claimFrom = seatAbsence(doc, opponent, claimAfterMs)?.claimFrom ?? null;
  if (!claimable(doc, opponent)) fail('opponent-present', 'this game cannot be claimed when the opponent is away: the clock decides');
  if (claimFrom === null) fail('opponent-present', 'your opponent is connected to the game');
  if (!claimsOpen(doc)) fail('too-early-to-claim', 'the game has not really started (both sides must have completed a turn): you can abort it instead');
  if (now < claimFrom) fail('opponent-present', `your opponent left less than ${Math.round(claimAfterMs / 1000)} s ago: wait ${Math.ceil((claimFrom - now) / 1000)} s more`);
  const result = victory ? (color === 'white' ? '1-0' : '0-1') : '1/2-1/2';
  return finishTransition(doc, state, { result, reason: 'opponent-left' }, now);
}

/** `color` gives its opponent `GIVE_TIME_MS` (refused `cannot-give-time` where shared `giveTime` allows none). */
export function giveTimeTransition(doc: GameDoc, state: GameState, color: Color, now: number): Transition {
  const clock = giveTime(doc.clock, opposite(color), now);
  if (clock === null) fail('cannot-give-time', "there is no time to give: only to a running live clock, and up to 3 hours");
  const next: GameDoc = { ...doc, clock };
  return { doc: next, state, moves: [], body: { type: 'time-given', by: color, clocks: clockView(clock, now, doc.graceDeadline) }, activity: false };
}
