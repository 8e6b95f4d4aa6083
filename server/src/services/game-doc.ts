import {
  clockDeadline,
  clockView,
  colorOfTurn,
  opposite,
  type Color,
  type GameSnapshot,
  type GameStatus,
  type GameSummary,
  type MoveRecord,
} from '@progressive-chess/shared';
import type { Limits } from '../limits.js';
import type { StoredGame } from '../store/store.js';
import { absenceOf } from './game-absence.js';
import type { GameDoc } from './game-doc-types.js';
import { unlistAt } from './lobby-listing.js';

export type { BotSeat, GameDoc, PlayerRef } from './game-doc-types.js';


/**
 * A bot game in progress that needs its computer: its turn, or a draw or takeback offer made to it
 * (answered at once, on either side's turn). When a driver may take it (a driver's hold, else at once).
 */
export function botDue(doc: GameDoc): number | null {
  if (doc.bot === undefined || doc.status !== 'playing') return null;
  const person = opposite(doc.bot.color);
  const offered = doc.drawOffer === person || doc.takebackOffer === person;
  if (!offered && colorOfTurn(doc.turn) !== doc.bot.color) return null;
  return doc.botHold ?? doc.createdAt;
}

export const parseDoc = (s: string): GameDoc => JSON.parse(s) as GameDoc;

/** The fields set when a game is created and never changed after. */
type FixedKey =
  | 'id' | 'variant' | 'timeControl' | 'players' | 'initialFen' | 'initialTurn' | 'custom' | 'createdAt' | 'private' | 'rated' | 'bot' | 'counted'
  | 'tournamentId' | 'berserkable';
/** The fields a change may set. */
type ChangingKey = Exclude<keyof GameDoc, FixedKey>;
/** Every one of these fields, optional ones too (so that a field added to GameDoc cannot be left out of `docJson`). */
type AllOf<K extends keyof GameDoc> = { [P in K]-?: GameDoc[P] | undefined };

type Fixed = AllOf<FixedKey>;
const fixedOf = (doc: GameDoc): Fixed => ({
  id: doc.id, variant: doc.variant, timeControl: doc.timeControl, players: doc.players, initialFen: doc.initialFen,
  initialTurn: doc.initialTurn, custom: doc.custom, createdAt: doc.createdAt, private: doc.private, rated: doc.rated,
  bot: doc.bot, counted: doc.counted, tournamentId: doc.tournamentId, berserkable: doc.berserkable,
});
/** (Lists the fields of `FixedKey` as `fixedOf` does: a field added there must be added here.) */
const sameFixed = (f: Fixed, doc: GameDoc): boolean =>
  f.id === doc.id && f.variant === doc.variant && f.timeControl === doc.timeControl && f.players === doc.players &&
  f.initialFen === doc.initialFen && f.initialTurn === doc.initialTurn && f.custom === doc.custom &&
  f.createdAt === doc.createdAt && f.private === doc.private && f.rated === doc.rated && f.bot === doc.bot &&
  f.counted === doc.counted && f.tournamentId === doc.tournamentId && f.berserkable === doc.berserkable;

/** The JSON of the fixed fields (without its closing brace), per players object, with the values it was made of. */
const fixedJson = new WeakMap<object, { readonly fixed: Fixed; readonly json: string }>();

function fixedPart(doc: GameDoc): string {
  const known = fixedJson.get(doc.players);
  if (known !== undefined && sameFixed(known.fixed, doc)) return known.json;
  const fixed = fixedOf(doc);
  const json = JSON.stringify(fixed).slice(0, -1);
  fixedJson.set(doc.players, { fixed, json });
  return json;
}

/** The fields a move or a pass changes (game-transitions.ts `afterPlay`). */
export type PlayChange = Pick<GameDoc, 'state' | 'turn' | 'clock' | 'started' | 'graceDeadline' | 'status' | 'outcome' | 'drawOffer' | 'idleDeadline' | 'turnStarts'>;

/**
 * `{ ...doc, ...change }` for a move, built field by field: V8 copies an object that was itself made
 * by a spread some 30 times more slowly than one made by a literal (a micro-benchmark), and every
 * move copied the previous move's copy. Every doc it makes has all the fields, in one order.
 */
export function playedDoc(doc: GameDoc, c: PlayChange): GameDoc {
  return {
    id: doc.id, variant: doc.variant, timeControl: doc.timeControl, players: doc.players, initialFen: doc.initialFen,
    initialTurn: doc.initialTurn, custom: doc.custom, createdAt: doc.createdAt, private: doc.private, rated: doc.rated,
    bot: doc.bot, counted: doc.counted, tournamentId: doc.tournamentId, berserkable: doc.berserkable,
    state: c.state, turn: c.turn, clock: c.clock, passes: doc.passes, started: c.started, graceDeadline: c.graceDeadline,
    status: c.status, outcome: c.outcome, drawOffer: c.drawOffer, rematchOffer: doc.rematchOffer,
    // every move or pass ends a standing takeback offer (docs/rules.md, Takebacks)
    takebackOffer: doc.takebackOffer == null ? doc.takebackOffer : null, turnStarts: c.turnStarts, takebacks: doc.takebacks,
    rematchGameId: doc.rematchGameId, idleDeadline: c.idleDeadline, archived: doc.archived, ratings: doc.ratings,
    botHold: doc.botHold, away: doc.away, unlisted: doc.unlisted,
    quietSince: doc.quietSince, berserk: doc.berserk,
  } satisfies AllOf<keyof GameDoc>;
}

/**
 * `JSON.stringify(doc)` (the same fields; the order may differ), written on every commit: the
 * fields fixed at creation, about 40% of it, are serialised once per game and reused while they
 * are the same values.
 */
export function docJson(doc: GameDoc): string {
  const changing: AllOf<ChangingKey> = {
    state: doc.state, turn: doc.turn, clock: doc.clock, passes: doc.passes, started: doc.started,
    graceDeadline: doc.graceDeadline, status: doc.status, outcome: doc.outcome, drawOffer: doc.drawOffer,
    takebackOffer: doc.takebackOffer, turnStarts: undefined, takebacks: doc.takebacks,
    rematchOffer: doc.rematchOffer, rematchGameId: doc.rematchGameId, idleDeadline: doc.idleDeadline,
    archived: doc.archived, ratings: doc.ratings, botHold: doc.botHold, away: doc.away, unlisted: doc.unlisted,
    quietSince: doc.quietSince, berserk: doc.berserk,
  };
  // the fixed part always holds `id`, so it is never empty
  return `${fixedPart(doc)},${turnStartsPart(doc.turnStarts)}${JSON.stringify(changing).slice(1)}`;
}

/** The JSON of a turn-start list, per list: a list changes only when a turn starts, so a move within a series reuses it. */
const turnStartsJson = new WeakMap<object, string>();

function turnStartsPart(list: GameDoc['turnStarts']): string {
  if (list === undefined) return '';
  let json = turnStartsJson.get(list);
  if (json === undefined) {
    json = `"turnStarts":${JSON.stringify(list)},`;
    turnStartsJson.set(list, json);
  }
  return json;
}
export const parseMoves = (moves: readonly string[]): MoveRecord[] => moves.map((m) => JSON.parse(m) as MoveRecord);

export function seatOf(doc: GameDoc, playerId: string): Color | null {
  if (doc.players.white.id === playerId) return 'white';
  if (doc.players.black.id === playerId) return 'black';
  return null;
}

/** The earlier of two times, either of which may be none. */
const earliest = (a: number | null, b: number | null): number | null => (a === null ? b : b === null ? a : Math.min(a, b));

/** The clock's flag or the first-move abort, whichever comes first, or null. */
export const timedDeadline = (doc: GameDoc): number | null => earliest(clockDeadline(doc.clock), doc.graceDeadline);

/**
 * When the server must look at a game again, and whether that is its idle deadline (abandonment:
 * no clock, first-move grace or bot turn comes first).
 */
export interface Due {
  readonly at: number | null;
  readonly idle: boolean;
}

const NOT_DUE: Due = { at: null, idle: false };

export function dueOf(doc: GameDoc, lobbyAwayMs: number): Due {
  if (doc.status !== 'playing') return NOT_DUE;
  // (no list of the three: this runs twice on every commit)
  const soonest = earliest(earliest(timedDeadline(doc), botDue(doc)), unlistAt(doc, lobbyAwayMs));
  if (soonest !== null) return { at: soonest, idle: false };
  return doc.idleDeadline == null ? NOT_DUE : { at: doc.idleDeadline, idle: true };
}

/** When the server must look at the game again (flag, first-move abort, bot turn, leaving the lobby, abandonment), or null. */
export const deadlineOf = (doc: GameDoc, lobbyAwayMs: number): number | null => dueOf(doc, lobbyAwayMs).at;

/**
 * What a commit from a game due `before` to one due `after` writes to the deadline index:
 * undefined when the entry may stay as it is. So it does when the deadline did not change (a timed
 * game's flag time within a series), and when it is an idle deadline that only moved later (an
 * untimed game's, after every change): the entry then comes due early, once, and the deadline
 * worker, finding nothing due, settles it to the game's own deadline. The index entry is never
 * later than the game's deadline, so no deadline is missed.
 */
export function deadlineUpdate(before: Due, after: Due): number | null | undefined {
  if (after.at === before.at) return undefined;
  if (before.idle && after.idle && (after.at ?? 0) > (before.at ?? 0)) return undefined;
  return after.at;
}

/** Whether a game with no clock deadline has gone unchanged past its idle deadline (abandoned). */
export function abandoned(doc: GameDoc, now: number): boolean {
  return doc.status === 'playing' && timedDeadline(doc) === null && doc.idleDeadline != null && now >= doc.idleDeadline;
}

/** How long games in progress may go unchanged before they are abandoned (limits.ts). */
export type IdleLimits = Pick<Limits, 'abandonAfterMs' | 'unplayedBotGameMs'>;

/** How long `doc` may go unchanged: shorter for a game against the computer whose person has not moved yet. */
export function idleMsOf(doc: Pick<GameDoc, 'bot' | 'started'>, limits: IdleLimits): number {
  const unplayed = doc.bot !== undefined && !doc.started[opposite(doc.bot.color)];
  return unplayed ? Math.min(limits.unplayedBotGameMs, limits.abandonAfterMs) : limits.abandonAfterMs;
}

/** The idle deadline of a game of `status` changed at `now`: in progress, it is abandoned `idleMs` later unless it changes again. */
export const idleDeadlineOf = (status: GameStatus, now: number, idleMs: number): number | null =>
  status === 'playing' ? now + idleMs : null;

/** The doc after a change at `now` (`idleDeadlineOf`, `idleMsOf`). */
export function withActivity(doc: GameDoc, now: number, limits: IdleLimits): GameDoc {
  const idleDeadline = idleDeadlineOf(doc.status, now, idleMsOf(doc, limits));
  return doc.idleDeadline === idleDeadline ? doc : { ...doc, idleDeadline };
}

/** The lobby summary of `doc` with a live spectator count (`LobbySummaries` owns the count). */
export function summaryOf(doc: GameDoc, spectators: number): GameSummary {
  return {
    id: doc.id,
    variant: doc.variant,
    timeControl: doc.timeControl,
    white: doc.players.white.name,
    black: doc.players.black.name,
    turn: doc.turn,
    ...(doc.takebacks ? { takebacks: doc.takebacks } : {}),
    spectators,
    ...(doc.rated ? { rated: true } : {}),
    ...(doc.players.white.rating === undefined ? {} : { whiteRating: doc.players.white.rating }),
    ...(doc.players.black.rating === undefined ? {} : { blackRating: doc.players.black.rating }),
  };
}

export interface LiveInfo {
  readonly spectators: number;
  readonly online: { readonly white: boolean; readonly black: boolean };
}

/** A game read from the store with its doc and move log parsed (immutable values, shareable). */
export interface ParsedGame {
  readonly version: number;
  readonly doc: GameDoc;
  readonly moves: readonly MoveRecord[];
}

export function parseGame(stored: StoredGame): ParsedGame {
  return { version: stored.version, doc: parseDoc(stored.doc), moves: parseMoves(stored.moves) };
}

export function snapshotOf(game: ParsedGame, live: LiveInfo, now: number, claimAfterMs: number): GameSnapshot {
  const absence = absenceOf(game.doc, claimAfterMs);
  const { doc, version } = game;
  const player = (c: Color) => ({ ...doc.players[c], online: live.online[c] });
  return {
    id: doc.id,
    version,
    variant: doc.variant,
    timeControl: doc.timeControl,
    players: { white: player('white'), black: player('black') },
    initialFen: doc.initialFen,
    initialTurn: doc.initialTurn,
    moves: game.moves,
    state: doc.state,
    clocks: clockView(doc.clock, now, doc.status === 'playing' ? doc.graceDeadline : null),
    status: doc.status,
    outcome: doc.outcome,
    drawOffer: doc.drawOffer,
    takebackOffer: doc.takebackOffer ?? null,
    rematchOffer: doc.rematchOffer,
    rematchGameId: doc.rematchGameId,
    spectators: live.spectators,
    createdAt: doc.createdAt,
    rated: doc.rated === true,
    ratings: doc.ratings ?? null,
    ...(absence ? { absence } : {}),
    ...(doc.tournamentId === undefined ? {} : { tournamentId: doc.tournamentId }),
    ...(doc.berserkable === true || doc.berserk !== undefined
      ? { berserk: { allowed: doc.berserkable === true, white: doc.berserk?.white === true, black: doc.berserk?.black === true } }
      : {}),
  };
}
