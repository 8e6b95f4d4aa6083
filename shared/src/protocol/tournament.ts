import { z } from 'zod';
import { timeControlSchema, type TimeControl } from '../clock/time-control.js';
import type { GameResult, VariantId } from '../rules/variant-ids.js';
import { idSchema, variantSchema } from './schemas.js';
import { forbiddenCharacter, forbiddenMessage, graphemeClusters } from './text-rules.js';

/**
 * Tournaments (arena, Swiss, round robin): their limits, the creation payload, and what the server
 * shows of them over HTTP (`TOURNAMENT_API`) and Socket.IO (`tournament:*`). The pure algorithms
 * (pairing, scoring, tie-breaks) are in shared/src/tournament; the rules for players, docs/tournaments.md.
 */

export const TOURNAMENT_KINDS = ['arena', 'swiss', 'roundRobin'] as const;
export type TournamentKind = (typeof TOURNAMENT_KINDS)[number];

export type TournamentStatus = 'upcoming' | 'running' | 'finished';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** The bounds of a tournament's settings (the schema below and the client's form read them). */
export const TOURNAMENT_LIMITS = {
  /** An arena's duration, in minutes. */
  arenaMinutes: { min: 20, max: 180 },
  /** A Swiss tournament's rounds. */
  swissRounds: { min: 3, max: 15 },
  /** Players per tournament, by kind (`maxPlayers` may lower it, down to `minPlayers`). */
  maxPlayers: { arena: 10_000, swiss: 256, roundRobin: 16 },
  /** The smallest `maxPlayers` a creator may set. */
  minPlayers: 2,
  /** Tournaments one account may have upcoming or running at once (`tournament-cap`). */
  openPerCreator: 3,
  /** A tournament starts at least this long after it is created... */
  minLeadMs: 5 * MINUTE,
  /** ...and at most this long after. */
  maxLeadMs: 60 * DAY,
  /** A tournament's name, in visible characters (grapheme clusters). */
  name: { min: 3, max: 40 },
  /** A correspondence Swiss or round robin: the days each round (a round robin's single round) may last. */
  roundDays: { min: 1, max: 120 },
} as const;

/** Each joined account is told (`tournament-soon`) this long before a tournament starts. */
export const TOURNAMENT_SOON_MS = 5 * 60_000;

/** An arena pairs its waiting players every this many ms (one wave, once across all nodes). */
export const ARENA_WAVE_MS = 2_000;
/** A tournament's subscribers get at most one `tournament:update` per this many ms. */
export const TOURNAMENT_UPDATE_MS = 1_000;
/** An arena player not connected for this many waves in a row, while waiting, is paused. */
export const ARENA_MISSED_PAIRINGS = 2;
/** An arena gives one player at most this many games in a row with the same colour. */
export const ARENA_MAX_SAME_COLOUR = 3;
/**
 * A berserked win scores its extra point only if the game reached this progressive turn: turns
 * 1 to 5 hold 15 single moves, just over the 7 moves a side (14) lichess asks.
 */
export const BERSERK_MIN_TURNS = 5;
/** An arena's view lists its latest this many games. */
export const ARENA_VIEW_PAIRINGS = 50;
/** Standings rows per page: a `tournament:update` carries the first page, `GET .../standings?page=` any. */
export const TOURNAMENT_STANDINGS_PAGE = 20;
/** `GET /api/tournaments` lists the latest this many finished tournaments. */
export const FINISHED_TOURNAMENTS_LISTED = 20;

/** The HTTP API of tournaments (Express-style patterns). */
export const TOURNAMENT_API = {
  /** GET: `TournamentLists`; POST (a registered account): `tournamentCreateSchema` → `{ tournament: TournamentSummary }`. */
  list: '/api/tournaments',
  /** GET: `{ view: TournamentView }`. */
  one: '/api/tournaments/:id',
  /** GET `?page=N` (1-based, default 1): `TournamentStandingsPage`, TOURNAMENT_STANDINGS_PAGE rows. */
  standings: '/api/tournaments/:id/standings',
  /** POST: `{ ok: true, view }`; joining again while paused comes back. */
  join: '/api/tournaments/:id/join',
  /** POST: `{ ok: true, view }`; leaves for good (an arena keeps the score made). */
  withdraw: '/api/tournaments/:id/withdraw',
  /** POST (arena): `{ ok: true, view }`; not paired again until joining again. */
  pause: '/api/tournaments/:id/pause',
} as const;
export type TournamentAction = 'join' | 'withdraw' | 'pause';
/** The path of one tournament (`action` absent), of an action on it, or of its standings' pages. */
export const tournamentApiPath = (id: string, action?: TournamentAction | 'standings'): string =>
  (action === undefined ? TOURNAMENT_API.one : TOURNAMENT_API[action]).replace(':id', encodeURIComponent(id));

const SPACES = /[\p{White_Space}\p{Zs}]+/gu;
/** A bound on the stored text itself. */
const NAME_MAX_CODE_UNITS = 400;

/** A tournament's name, normalised (NFC, spaces collapsed, trimmed), or why it is refused (for people). */
export function normalizeTournamentName(raw: string): { ok: true; name: string } | { ok: false; message: string } {
  const text = raw.normalize('NFC');
  const forbidden = forbiddenCharacter(text);
  if (forbidden) return { ok: false, message: forbiddenMessage('tournament name', forbidden) };
  const name = text.replace(SPACES, ' ').trim();
  const { min, max } = TOURNAMENT_LIMITS.name;
  const length = graphemeClusters(name).length;
  if (length < min) return { ok: false, message: `the tournament name is too short (at least ${min} characters)` };
  if (length > max || name.length > NAME_MAX_CODE_UNITS) return { ok: false, message: `the tournament name is too long (at most ${max} characters)` };
  return { ok: true, name };
}

export const tournamentNameSchema = z.string().transform((raw, ctx) => {
  const checked = normalizeTournamentName(raw);
  if (checked.ok) return checked.name;
  ctx.addIssue({ code: 'custom', message: checked.message });
  return z.NEVER;
});

const int = (b: { readonly min: number; readonly max: number }) => z.number().int().min(b.min).max(b.max);
const L = TOURNAMENT_LIMITS;

/**
 * `POST /api/tournaments`. Cross-field rules: a clock is required (no untimed tournaments); an arena
 * is live (no correspondence) and has `minutes`; a Swiss has `rounds`; `double` is for round robins;
 * `roundDays` is for (and required by) a correspondence Swiss or round robin, and at least one turn's days;
 * `maxPlayers` at most the kind's. The start's distance from now is the server's check
 * (`tournamentStartProblem`).
 */
export const tournamentCreateSchema = z
  .object({
    name: tournamentNameSchema,
    kind: z.enum(TOURNAMENT_KINDS),
    variant: variantSchema,
    timeControl: timeControlSchema,
    /** Epoch ms. */
    startsAt: z.number().int().nonnegative(),
    minutes: int(L.arenaMinutes).optional(),
    rounds: int(L.swissRounds).optional(),
    double: z.boolean().optional(),
    roundDays: int(L.roundDays).optional(),
    rated: z.boolean().default(true),
    allowBots: z.boolean().default(false),
    maxPlayers: z.number().int().min(L.minPlayers).optional(),
  })
  .strict()
  .superRefine((t, ctx) => {
    const issue = (path: string, message: string): void => ctx.addIssue({ code: 'custom', path: [path], message });
    const correspondence = t.timeControl.kind === 'correspondence';
    if (t.timeControl.kind === 'none') issue('timeControl', 'a tournament needs a clock');
    if (t.kind === 'arena') {
      if (correspondence) issue('timeControl', 'an arena is live: choose a live time control, not correspondence');
      if (t.minutes === undefined) issue('minutes', `an arena needs its duration (${L.arenaMinutes.min} to ${L.arenaMinutes.max} minutes)`);
    } else if (t.minutes !== undefined) issue('minutes', 'only an arena has a duration in minutes');
    if (t.kind === 'swiss' && t.rounds === undefined) issue('rounds', `a Swiss tournament needs its rounds (${L.swissRounds.min} to ${L.swissRounds.max})`);
    if (t.kind !== 'swiss' && t.rounds !== undefined) issue('rounds', 'only a Swiss tournament has a number of rounds');
    if (t.kind !== 'roundRobin' && t.double !== undefined) issue('double', 'only a round robin can be played twice');
    if (correspondence && t.kind !== 'arena' && t.roundDays === undefined) issue('roundDays', 'a correspondence tournament needs each round\'s deadline in days');
    if (!correspondence && t.roundDays !== undefined) issue('roundDays', 'a round deadline in days is for correspondence tournaments');
    if (t.timeControl.kind === 'correspondence' && t.roundDays !== undefined && t.roundDays < t.timeControl.daysPerTurn) {
      issue('roundDays', 'a round must last at least the days of one turn');
    }
    const most = L.maxPlayers[t.kind];
    if (t.maxPlayers !== undefined && t.maxPlayers > most) issue('maxPlayers', `at most ${most} players in this kind of tournament`);
  });
export type TournamentCreate = z.infer<typeof tournamentCreateSchema>;

/** Why a tournament may not start at `startsAt` when created at `now` (a message for people), or null. */
export function tournamentStartProblem(startsAt: number, now: number): string | null {
  if (startsAt < now + L.minLeadMs) return `a tournament starts at least ${L.minLeadMs / MINUTE} minutes from now`;
  if (startsAt > now + L.maxLeadMs) return `a tournament starts at most ${L.maxLeadMs / DAY} days from now`;
  return null;
}

/** `tournament:subscribe`, `tournament:unsubscribe`, and the HTTP routes' `:id`. */
export const tournamentIdSchema = z.object({ id: idSchema }).strict();

/** A tournament as listed. */
export interface TournamentSummary {
  readonly id: string;
  readonly name: string;
  readonly kind: TournamentKind;
  readonly variant: VariantId;
  readonly timeControl: TimeControl;
  /** Epoch ms. */
  readonly startsAt: number;
  /** An arena: `startsAt` + `minutes`; the others: when finished, else null. */
  readonly endsAt: number | null;
  readonly status: TournamentStatus;
  /** Players joined (withdrawn ones excluded). */
  readonly players: number;
  readonly maxPlayers: number;
  readonly rated: boolean;
  readonly allowBots: boolean;
  /** The creator's display name, or 'operator' for a scheduled tournament. */
  readonly createdBy: string;
  readonly minutes?: number;
  readonly rounds?: number;
  readonly double?: boolean;
  readonly roundDays?: number;
  /** Swiss and round robin: the round being played (1-based), once started. */
  readonly currentRound?: number;
}

/** One game on an arena player's score sheet. */
export interface ArenaSheetEntry {
  /** The points it scored (streaks and berserk included). */
  readonly points: number;
  readonly berserk: boolean;
  /** Won on a streak (counted double). */
  readonly doubled: boolean;
}

export interface TournamentStanding {
  /** 1-based; players tied on every criterion share a rank. */
  readonly rank: number;
  readonly playerId: string;
  readonly name: string;
  readonly bot: boolean;
  /** The rating in the tournament's variant (the default rating for a guest). */
  readonly rating: number;
  /** Arena points; Swiss and round robin: 1 a win (and a bye), ½ a draw. */
  readonly score: number;
  readonly games: number;
  readonly wins: number;
  readonly draws: number;
  readonly losses: number;
  /** Arena: on a streak (the next win counts double). */
  readonly fire: boolean;
  readonly berserks: number;
  /** Swiss and round robin tie-breaks (0 in an arena). */
  readonly buchholz: number;
  readonly sonnebornBerger: number;
  /** Arena: the performance rating (the arena's tie-break), null before any game. */
  readonly performance: number | null;
  /** Arena: each game, oldest first (empty in the other kinds). */
  readonly sheet: readonly ArenaSheetEntry[];
  readonly paused: boolean;
  readonly withdrawn: boolean;
}

export interface TournamentPlayerRef {
  readonly id: string;
  readonly name: string;
}

export interface TournamentPairing {
  readonly gameId: string;
  /** Swiss and round robin: the round (1-based); arena: 0. */
  readonly round: number;
  readonly white: TournamentPlayerRef;
  readonly black: TournamentPlayerRef;
  /** null while in play. */
  readonly result: GameResult | null;
  readonly berserk: { readonly white: boolean; readonly black: boolean };
}

export interface TournamentRound {
  readonly round: number;
  readonly pairings: readonly TournamentPairing[];
  /** The player who sat out with a bye (1 point), or null. */
  readonly bye: TournamentPlayerRef | null;
  readonly startedAt: number;
  /** Correspondence: when the round's unfinished games are adjudicated (epoch ms). */
  readonly deadline?: number | null;
}

/** The caller's place in the tournament. */
export interface TournamentMe {
  readonly joined: boolean;
  readonly paused: boolean;
  readonly withdrawn: boolean;
  /** The caller's game in this tournament in progress, or null. */
  readonly gameId: string | null;
}

export interface TournamentView {
  readonly summary: TournamentSummary;
  /** Sorted by rank. */
  readonly standings: readonly TournamentStanding[];
  /** Arena: the latest ARENA_VIEW_PAIRINGS games, newest first; Swiss and round robin: every game. */
  readonly pairings: readonly TournamentPairing[];
  /** Swiss and round robin: the rounds so far. */
  readonly rounds?: readonly TournamentRound[];
  /** Finished: the first three standings; else empty. */
  readonly podium: readonly TournamentStanding[];
  /** Increases on every change. */
  readonly version: number;
  /** For a signed-in or guest caller. */
  readonly me?: TournamentMe;
}

/** `GET /api/tournaments`. */
export interface TournamentLists {
  readonly upcoming: readonly TournamentSummary[];
  readonly running: readonly TournamentSummary[];
  /** The latest FINISHED_TOURNAMENTS_LISTED. */
  readonly finished: readonly TournamentSummary[];
}

/**
 * `tournament:update`: batched, at most one per TOURNAMENT_UPDATE_MS per tournament, the same to
 * every subscriber (one broadcast, encoded once). Its view's `standings` are the first page only
 * (TOURNAMENT_STANDINGS_PAGE rows) of `standingsTotal`; a subscriber whose own row is not on that
 * page gets it right after, in `tournament:mine`. The other pages: `GET /api/tournaments/:id/standings?page=N`.
 */
export interface TournamentUpdate {
  readonly id: string;
  readonly version: number;
  readonly view: TournamentView;
  readonly standingsTotal: number;
}

/**
 * `tournament:mine`: right after a `tournament:update` (of the same `version`), to each subscriber
 * whose own row is not on its first page: that row. A few hundred bytes, where the update is tens of
 * KiB: sending the update to each such subscriber with their row in it encoded it once per subscriber.
 */
export interface TournamentMine {
  readonly id: string;
  readonly version: number;
  readonly mine: TournamentStanding;
}

/**
 * A view with the first page of its standings only (TOURNAMENT_STANDINGS_PAGE rows) of
 * `standingsTotal`, and `mine`, the caller's own row when it is not on that page (else null): the
 * `tournament:subscribe` ack, the join / withdraw / pause answers and each `tournament:update`, so
 * none grows with the field (a 10,000-player arena's whole standings are megabytes).
 */
export interface TournamentPaged {
  readonly view: TournamentView;
  readonly standingsTotal: number;
  readonly mine: TournamentStanding | null;
}

/** `full` paged for `playerId` (none: `mine` is null). */
export function pagedView(full: TournamentView, playerId?: string | null): TournamentPaged {
  const first = standingsPage(full.standings, 1);
  const mine = playerId === undefined || playerId === null ? undefined : full.standings.slice(first.length).find((s) => s.playerId === playerId);
  return { view: { ...full, standings: first }, standingsTotal: full.standings.length, mine: mine ?? null };
}

/** `GET /api/tournaments/:id/standings?page=N`: one page of the standings (sorted by rank). */
export interface TournamentStandingsPage {
  readonly id: string;
  readonly version: number;
  /** 1-based. */
  readonly page: number;
  /** At least 1. */
  readonly pages: number;
  readonly total: number;
  readonly standings: readonly TournamentStanding[];
}

/** Page `page` (1-based) of `standings`, `size` rows a page. */
export function standingsPage(standings: readonly TournamentStanding[], page: number, size = TOURNAMENT_STANDINGS_PAGE): readonly TournamentStanding[] {
  return standings.slice((page - 1) * size, page * size);
}

/** How many pages `total` rows make (at least 1). */
export const standingsPages = (total: number, size = TOURNAMENT_STANDINGS_PAGE): number => Math.max(1, Math.ceil(total / size));

