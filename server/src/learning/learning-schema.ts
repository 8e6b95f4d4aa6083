/**
 * Migration 11: puzzles mined from archived games and the opening explorer's counts (learning/).
 * No foreign key to `accounts`: a puzzle rating is a player's like any other row keyed by player id.
 */
export const LEARNING_SQL = `
  CREATE TABLE explorer_games (
    game_id text PRIMARY KEY,
    counted_at double precision NOT NULL
  );
  CREATE TABLE explorer_series (
    variant text NOT NULL,
    position_key text NOT NULL,
    series text NOT NULL,
    speed text NOT NULL,
    band text NOT NULL,
    games integer NOT NULL,
    white_wins integer NOT NULL,
    draws integer NOT NULL,
    black_wins integer NOT NULL,
    PRIMARY KEY (variant, position_key, series, speed, band)
  );
  CREATE TABLE puzzle_mined_games (
    game_id text PRIMARY KEY,
    mined_at double precision NOT NULL,
    puzzles integer NOT NULL
  );
  CREATE TABLE puzzles (
    id text PRIMARY KEY,
    variant text NOT NULL,
    fen text NOT NULL,
    turn integer NOT NULL,
    color text NOT NULL,
    near_key text NOT NULL UNIQUE,
    solution text NOT NULL,
    length integer NOT NULL,
    origin text NOT NULL,
    game_id text NOT NULL,
    context text,
    rating double precision NOT NULL,
    rd double precision NOT NULL,
    volatility double precision NOT NULL,
    plays integer NOT NULL DEFAULT 0,
    solves integer NOT NULL DEFAULT 0,
    created_at double precision NOT NULL
  );
  CREATE INDEX puzzles_by_variant ON puzzles(variant, rating);
  CREATE TABLE puzzle_ratings (
    player_id text PRIMARY KEY,
    rating double precision NOT NULL,
    rd double precision NOT NULL,
    volatility double precision NOT NULL,
    attempts integer NOT NULL,
    updated_at double precision NOT NULL
  );
  CREATE TABLE puzzle_attempts (
    player_id text NOT NULL,
    puzzle_id text NOT NULL REFERENCES puzzles(id) ON DELETE CASCADE,
    solved boolean NOT NULL,
    assisted boolean NOT NULL,
    at double precision NOT NULL,
    PRIMARY KEY (player_id, puzzle_id)
  );
  CREATE TABLE daily_puzzles (
    day text PRIMARY KEY,
    puzzle_id text NOT NULL REFERENCES puzzles(id) ON DELETE CASCADE
  );`;

/** The tables above, children first (tests empty them). */
export const LEARNING_TABLES = 'daily_puzzles, puzzle_attempts, puzzle_ratings, puzzles, puzzle_mined_games, explorer_series, explorer_games';
