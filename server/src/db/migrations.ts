import { fillUsernameSkeletons } from './accounts-repo.js';
import type { Database, Queryable } from './database.js';
import { NOTIFY_SQL } from './notify-schema.js';
import { TOURNAMENT_SQL } from '../tournament/tournament-schema.js';
import { LEARNING_SQL } from '../learning/learning-schema.js';

/**
 * Versioned schema migrations, applied in order at start-up. A migration is never edited once
 * released: add a new one. Times are epoch milliseconds in `double precision` (exact below 2^53,
 * and read back as numbers by both `pg` and PGlite, unlike `bigint`).
 */
export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
  /** Fills what SQL cannot compute, after `sql`, in the same transaction. */
  readonly fill?: (tx: Queryable) => Promise<void>;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'accounts and sessions',
    sql: `
      CREATE TABLE accounts (
        player_id text PRIMARY KEY,
        username text NOT NULL,
        username_key text NOT NULL UNIQUE,
        password_hash text NOT NULL,
        created_at double precision NOT NULL
      );
      CREATE TABLE sessions (
        token_hash text PRIMARY KEY,
        player_id text NOT NULL REFERENCES accounts(player_id) ON DELETE CASCADE,
        created_at double precision NOT NULL
      );
      CREATE INDEX sessions_by_player ON sessions(player_id);`,
  },
  {
    version: 2,
    name: 'archive and ratings',
    sql: `
      CREATE TABLE archived_games (
        id text PRIMARY KEY,
        variant text NOT NULL,
        rated boolean NOT NULL,
        white_id text NOT NULL,
        black_id text NOT NULL,
        white_name text NOT NULL,
        black_name text NOT NULL,
        result text,
        reason text NOT NULL,
        turns integer NOT NULL,
        created_at double precision NOT NULL,
        ended_at double precision NOT NULL,
        version integer NOT NULL,
        doc text NOT NULL,
        moves text NOT NULL,
        ratings text,
        archived_at double precision NOT NULL
      );
      CREATE TABLE game_players (
        player_id text NOT NULL,
        game_id text NOT NULL REFERENCES archived_games(id) ON DELETE CASCADE,
        variant text NOT NULL,
        outcome text NOT NULL,
        ended_at double precision NOT NULL,
        PRIMARY KEY (player_id, game_id)
      );
      CREATE INDEX game_players_recent ON game_players(player_id, ended_at DESC, game_id DESC);
      CREATE TABLE ratings (
        player_id text NOT NULL REFERENCES accounts(player_id) ON DELETE CASCADE,
        variant text NOT NULL,
        rating double precision NOT NULL,
        rd double precision NOT NULL,
        volatility double precision NOT NULL,
        games integer NOT NULL,
        updated_at double precision NOT NULL,
        PRIMARY KEY (player_id, variant)
      );
      CREATE INDEX ratings_board ON ratings(variant, rating DESC);
      CREATE TABLE rating_history (
        player_id text NOT NULL,
        variant text NOT NULL,
        game_id text NOT NULL,
        rating double precision NOT NULL,
        rd double precision NOT NULL,
        at double precision NOT NULL,
        PRIMARY KEY (player_id, game_id)
      );
      CREATE INDEX rating_history_by_player ON rating_history(player_id, variant, at);`,
  },
  {
    version: 3,
    name: 'aborted games by end',
    // the archive deletes aborted games past their retention (ArchiveRepo.deleteAborted)
    sql: 'CREATE INDEX archived_games_aborted ON archived_games(ended_at) WHERE result IS NULL;',
  },
  {
    version: 4,
    name: 'api tokens and bot accounts',
    // tokens-repo.ts: personal API tokens (only their sha256 kept) and the accounts that became bots
    sql: `
      CREATE TABLE api_tokens (
        id text PRIMARY KEY,
        player_id text NOT NULL REFERENCES accounts(player_id) ON DELETE CASCADE,
        token_hash text NOT NULL UNIQUE,
        description text NOT NULL,
        scopes text NOT NULL,
        created_at double precision NOT NULL,
        last_used_at double precision
      );
      CREATE INDEX api_tokens_by_player ON api_tokens(player_id, created_at);
      CREATE TABLE bot_accounts (
        player_id text PRIMARY KEY REFERENCES accounts(player_id) ON DELETE CASCADE,
        upgraded_at double precision NOT NULL
      );`,
  },
  {
    version: 5,
    name: 'follows, blocks, reports, moderation and fair play',
    // social/social-repo.ts, social/moderation-repo.ts, fairplay/playban-repo.ts
    sql: `
      CREATE TABLE follows (
        follower_id text NOT NULL,
        followed_id text NOT NULL,
        created_at double precision NOT NULL,
        PRIMARY KEY (follower_id, followed_id)
      );
      CREATE INDEX follows_by_followed ON follows(followed_id);
      CREATE TABLE blocks (
        blocker_id text NOT NULL,
        blocked_id text NOT NULL,
        created_at double precision NOT NULL,
        PRIMARY KEY (blocker_id, blocked_id)
      );
      CREATE INDEX blocks_by_blocked ON blocks(blocked_id);
      CREATE TABLE reports (
        id text PRIMARY KEY,
        reporter_id text NOT NULL,
        reported_id text NOT NULL,
        reason text NOT NULL,
        text text NOT NULL,
        game_id text,
        created_at double precision NOT NULL,
        status text NOT NULL
      );
      CREATE INDEX reports_open ON reports(created_at) WHERE status = 'open';
      CREATE INDEX reports_by_reporter ON reports(reporter_id, created_at);
      CREATE TABLE moderation_log (
        id text PRIMARY KEY,
        operator_id text NOT NULL,
        action text NOT NULL,
        target_id text NOT NULL,
        report_id text NOT NULL,
        at double precision NOT NULL
      );
      CREATE INDEX moderation_log_recent ON moderation_log(at DESC);
      ALTER TABLE accounts ADD COLUMN muted boolean NOT NULL DEFAULT false;
      ALTER TABLE accounts ADD COLUMN closed_at double precision;
      CREATE TABLE fairplay_offences (
        player_id text NOT NULL,
        game_id text NOT NULL,
        cause text NOT NULL,
        at double precision NOT NULL,
        PRIMARY KEY (player_id, game_id)
      );
      CREATE INDEX fairplay_offences_recent ON fairplay_offences(player_id, at);
      CREATE TABLE playbans (
        player_id text PRIMARY KEY,
        until double precision NOT NULL
      );`,
  },
  { version: 6, name: 'notifications and e-mail', sql: NOTIFY_SQL },
  {
    version: 7,
    name: 'username skeletons',
    // accounts-repo.ts: a guest's wanted name is looked up by its look-alike skeleton (name-lookalike.ts)
    sql: `
      ALTER TABLE accounts ADD COLUMN username_skeleton text;
      CREATE INDEX accounts_by_skeleton ON accounts(username_skeleton);`,
    fill: fillUsernameSkeletons,
  },
  { version: 8, name: 'tournaments', sql: TOURNAMENT_SQL },
  {
    version: 9,
    name: 'account preferences',
    // preferences/preferences-repo.ts: a member's language, theme, board, pieces, animation, confirmation, volume
    sql: `
      CREATE TABLE account_preferences (
        player_id text PRIMARY KEY REFERENCES accounts(player_id) ON DELETE CASCADE,
        prefs text NOT NULL,
        updated_at bigint NOT NULL
      );`,
  },
  {
    version: 10,
    name: 'per-kind notification channels',
    // notify/push-prefs-repo.ts: the kinds for the bell and e-mail (null: the default); notifications-repo.ts:
    // when a notification is mailed if still unread (null: not to be mailed, or mailed)
    sql: `
      ALTER TABLE notification_prefs ADD COLUMN bell text;
      ALTER TABLE notification_prefs ADD COLUMN email text;
      ALTER TABLE notifications ADD COLUMN email_due double precision;
      CREATE INDEX notifications_email_due ON notifications(email_due) WHERE email_due IS NOT NULL;`,
  },
  // learning/: puzzles mined from archived games, the opening explorer of series
  { version: 11, name: 'mined puzzles and the opening explorer', sql: LEARNING_SQL },
];

/** Any fixed number: the advisory lock that keeps two starting nodes from migrating at once. */
const MIGRATION_LOCK = 7_110_011;

/** Applies the migrations not applied yet, in one transaction under an advisory lock. Returns their versions. */
export async function migrate(db: Database, migrations: readonly Migration[] = MIGRATIONS): Promise<number[]> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
    const done = await tx.query<{ version: number }>('SELECT version FROM schema_migrations');
    const applied = new Set(done.rows.map((r) => r.version));
    const ran: number[] = [];
    for (const m of [...migrations].sort((a, b) => a.version - b.version)) {
      if (applied.has(m.version)) continue;
      await tx.exec(m.sql);
      await m.fill?.(tx);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [m.version, m.name]);
      ran.push(m.version);
    }
    return ran;
  });
}
