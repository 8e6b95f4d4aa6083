import type { TimeControl, VariantId } from '@progressive-chess/shared';
import type {
  TournamentGameRecord,
  TournamentKindId,
  TournamentPlayerRecord,
  TournamentRecord,
  TournamentResult,
  TournamentStatusId,
} from './tournament-record.js';

// The tournament tables' rows (migration 8, tournament-schema.ts) and the records they map to.

export interface TournamentRow {
  id: string;
  name: string;
  kind: string;
  variant: string;
  time_control: string;
  settings: string;
  rated: boolean;
  allow_bots: boolean;
  max_players: number;
  starts_at: number;
  ends_at: number | null;
  status: string;
  current_round: number;
  version: number;
  created_by: string | null;
  creator_name: string;
  schedule_key: string | null;
  created_at: number;
  finished_at: number | null;
}

export const tournamentOf = (r: TournamentRow): TournamentRecord => ({
  id: r.id,
  name: r.name,
  kind: r.kind as TournamentKindId,
  variant: r.variant as VariantId,
  timeControl: JSON.parse(r.time_control) as TimeControl,
  settings: JSON.parse(r.settings) as TournamentRecord['settings'],
  rated: r.rated,
  allowBots: r.allow_bots,
  maxPlayers: r.max_players,
  startsAt: r.starts_at,
  endsAt: r.ends_at,
  status: r.status as TournamentStatusId,
  currentRound: r.current_round,
  version: r.version,
  createdBy: r.created_by,
  creatorName: r.creator_name,
  scheduleKey: r.schedule_key,
  createdAt: r.created_at,
  finishedAt: r.finished_at,
});

export interface PlayerRow {
  player_id: string;
  name: string;
  bot: boolean;
  guest: boolean;
  rating: number;
  paused: boolean;
  withdrawn: boolean;
  missed: number;
  current_game: string | null;
  joined_at: number;
}

export const playerOf = (r: PlayerRow): TournamentPlayerRecord => ({
  playerId: r.player_id,
  name: r.name,
  bot: r.bot,
  guest: r.guest,
  rating: r.rating,
  paused: r.paused,
  withdrawn: r.withdrawn,
  missed: r.missed,
  currentGame: r.current_game,
  joinedAt: r.joined_at,
});

export interface GameRow {
  game_id: string;
  round: number;
  wave: number;
  white_id: string;
  black_id: string;
  result: string | null;
  berserk_white: boolean;
  berserk_black: boolean;
  turns: number;
  created: boolean;
  paired_at: number;
  ended_at: number | null;
}

export const gameOf = (r: GameRow): TournamentGameRecord => ({
  gameId: r.game_id,
  round: r.round,
  wave: r.wave,
  whiteId: r.white_id,
  blackId: r.black_id,
  result: r.result as TournamentResult | null,
  berserk: { white: r.berserk_white, black: r.berserk_black },
  turns: r.turns,
  created: r.created,
  pairedAt: r.paired_at,
  endedAt: r.ended_at,
});

export const TOURNAMENT_COLUMNS =
  'id, name, kind, variant, time_control, settings, rated, allow_bots, max_players, starts_at, ends_at, status, current_round, version, created_by, creator_name, schedule_key, created_at, finished_at';
export const PLAYER_COLUMNS = 'player_id, name, bot, guest, rating, paused, withdrawn, missed, current_game, joined_at';
export const GAME_COLUMNS = 'game_id, round, wave, white_id, black_id, result, berserk_white, berserk_black, turns, created, paired_at, ended_at';
