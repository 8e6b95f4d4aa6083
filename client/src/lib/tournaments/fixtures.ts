/** Tournament views for the client's tests. */
import type { TournamentPairing, TournamentStanding, TournamentSummary, TournamentUpdate, TournamentView } from '@progressive-chess/shared';

export const summary = (over: Partial<TournamentSummary> = {}): TournamentSummary => ({
  id: 't1',
  name: 'Hourly Scottish',
  kind: 'arena',
  variant: 'scottish',
  timeControl: { kind: 'fischer', initial: 180, increment: 2 },
  startsAt: 1_000_000,
  endsAt: 1_000_000 + 60 * 60_000,
  status: 'running',
  players: 3,
  maxPlayers: 10_000,
  rated: true,
  allowBots: false,
  createdBy: 'operator',
  minutes: 60,
  ...over,
});

export const standing = (playerId: string, rank: number, score: number, over: Partial<TournamentStanding> = {}): TournamentStanding => ({
  rank,
  playerId,
  name: playerId.toUpperCase(),
  bot: false,
  rating: 1500,
  score,
  games: 0,
  wins: 0,
  draws: 0,
  losses: 0,
  fire: false,
  berserks: 0,
  buchholz: 0,
  sonnebornBerger: 0,
  performance: null,
  sheet: [],
  paused: false,
  withdrawn: false,
  ...over,
});

export const pairing = (gameId: string, white: string, black: string, result: TournamentPairing['result'] = null): TournamentPairing => ({
  gameId,
  round: 0,
  white: { id: white, name: white.toUpperCase() },
  black: { id: black, name: black.toUpperCase() },
  result,
  berserk: { white: false, black: false },
});

export const view = (version: number, over: Partial<TournamentView> = {}): TournamentView => ({
  summary: summary(),
  standings: [standing('a', 1, 0), standing('b', 1, 0), standing('c', 1, 0)],
  pairings: [],
  podium: [],
  version,
  ...over,
});

/** The `tournament:update` of `v` (its standings all on the first page unless `over` says otherwise). */
export const updateOf = (v: TournamentView, over: Partial<TournamentUpdate> = {}): TournamentUpdate => ({
  id: v.summary.id,
  version: v.version,
  view: v,
  standingsTotal: v.standings.length,
  ...over,
});
