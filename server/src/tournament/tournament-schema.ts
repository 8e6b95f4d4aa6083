/**
 * Migration 8: tournaments (tournament-repo.ts). A tournament's settings are one JSON column (they
 * never change after creation); players, games (pairings with their results) and rounds are rows.
 * A player's `current_game` is the pairing it is in (set in the same transaction as the pairing's
 * row, only when it was null: a player is never paired twice at once, whatever node pairs).
 */
export const TOURNAMENT_SQL = `
  CREATE TABLE tournaments (
    id text PRIMARY KEY,
    name text NOT NULL,
    kind text NOT NULL,
    variant text NOT NULL,
    time_control text NOT NULL,
    settings text NOT NULL,
    rated boolean NOT NULL,
    allow_bots boolean NOT NULL,
    max_players integer NOT NULL,
    starts_at double precision NOT NULL,
    ends_at double precision,
    status text NOT NULL,
    current_round integer NOT NULL DEFAULT 0,
    version integer NOT NULL DEFAULT 1,
    created_by text,
    creator_name text NOT NULL,
    schedule_key text UNIQUE,
    created_at double precision NOT NULL,
    finished_at double precision
  );
  CREATE INDEX tournaments_by_status ON tournaments(status, starts_at);
  CREATE INDEX tournaments_open_by_creator ON tournaments(created_by) WHERE status <> 'finished';
  CREATE TABLE tournament_players (
    tournament_id text NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    player_id text NOT NULL,
    name text NOT NULL,
    bot boolean NOT NULL,
    guest boolean NOT NULL,
    rating double precision NOT NULL,
    paused boolean NOT NULL DEFAULT false,
    withdrawn boolean NOT NULL DEFAULT false,
    missed integer NOT NULL DEFAULT 0,
    current_game text,
    joined_at double precision NOT NULL,
    PRIMARY KEY (tournament_id, player_id)
  );
  CREATE INDEX tournament_players_by_player ON tournament_players(player_id) WHERE NOT withdrawn;
  CREATE TABLE tournament_games (
    game_id text PRIMARY KEY,
    tournament_id text NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    round integer NOT NULL,
    wave integer NOT NULL,
    white_id text NOT NULL,
    black_id text NOT NULL,
    result text,
    berserk_white boolean NOT NULL DEFAULT false,
    berserk_black boolean NOT NULL DEFAULT false,
    turns integer NOT NULL DEFAULT 0,
    created boolean NOT NULL DEFAULT false,
    paired_at double precision NOT NULL,
    ended_at double precision
  );
  CREATE INDEX tournament_games_by_tournament ON tournament_games(tournament_id, paired_at);
  CREATE INDEX tournament_games_pending ON tournament_games(tournament_id) WHERE NOT created;
  CREATE TABLE tournament_rounds (
    tournament_id text NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    round integer NOT NULL,
    bye text,
    started_at double precision NOT NULL,
    deadline double precision,
    PRIMARY KEY (tournament_id, round)
  );`;
