import { nameSkeleton } from '../services/name-lookalike.js';
import type { Database, Queryable } from './database.js';

export interface AccountRecord {
  readonly playerId: string;
  readonly username: string;
  readonly passwordHash: string;
  readonly createdAt: number;
}

interface AccountRow {
  player_id: string;
  username: string;
  password_hash: string;
  created_at: number;
}

const toAccount = (r: AccountRow): AccountRecord => ({
  playerId: r.player_id,
  username: r.username,
  passwordHash: r.password_hash,
  createdAt: r.created_at,
});

const COLUMNS = 'a.player_id, a.username, a.password_hash, a.created_at';
/**
 * Sessions an account keeps (devices signed in at once); a login beyond ends the oldest. Logins
 * are limited per address, not per account, so without a cap anyone holding an account could add
 * rows forever.
 */
export const SESSIONS_PER_ACCOUNT = 20;

/** The case-insensitive key of a username (unique). */
export const usernameKey = (name: string): string => name.trim().toLowerCase();

/**
 * Stores the look-alike skeleton of each username that has none (the accounts registered before
 * the column: migration 5). `nameSkeleton` is JavaScript, so this runs after the migration's SQL.
 */
export async function fillUsernameSkeletons(q: Queryable): Promise<void> {
  const r = await q.query<{ player_id: string; username: string }>('SELECT player_id, username FROM accounts WHERE username_skeleton IS NULL');
  for (const row of r.rows) {
    await q.query('UPDATE accounts SET username_skeleton = $2 WHERE player_id = $1', [row.player_id, nameSkeleton(row.username)]);
  }
}

/**
 * Accounts and their sessions. Guarantees: one account per player id and per username key
 * (both unique in the database, so two racing registrations cannot both win); a session is
 * stored only as a hash of its token and dies with its account.
 */
export class AccountsRepo {
  constructor(private readonly db: Database) {}

  async create(a: AccountRecord): Promise<'created' | 'username-taken' | 'already-registered'> {
    const r = await this.db.query(
      `INSERT INTO accounts (player_id, username, username_key, username_skeleton, password_hash, created_at)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING`,
      [a.playerId, a.username, usernameKey(a.username), nameSkeleton(a.username), a.passwordHash, a.createdAt],
    );
    if (r.rowCount === 1) return 'created';
    return (await this.byPlayerId(a.playerId)) ? 'already-registered' : 'username-taken';
  }

  /** An open account (a closed one, by moderation, is nobody: no login, profile or challenge). */
  async byUsername(name: string): Promise<AccountRecord | null> {
    const r = await this.db.query<AccountRow>(`SELECT ${COLUMNS} FROM accounts a WHERE a.username_key = $1 AND a.closed_at IS NULL`, [usernameKey(name)]);
    return r.rows[0] ? toAccount(r.rows[0]) : null;
  }

  /**
   * Accounts whose username looks like `name` (the same skeleton, name-lookalike.ts: `victirn1` and
   * `VICTIML` for `victim1`), other than `playerId`'s; at most `limit`.
   */
  async lookingLike(name: string, playerId: string | null, limit = 1): Promise<AccountRecord[]> {
    const r = await this.db.query<AccountRow>(
      `SELECT ${COLUMNS} FROM accounts a WHERE a.username_skeleton = $1 AND a.player_id IS DISTINCT FROM $2 ORDER BY a.username_key LIMIT $3`,
      [nameSkeleton(name), playerId, limit],
    );
    return r.rows.map(toAccount);
  }

  /** Those of `playerIds` that have an account (one query for any number). */
  async withAccounts(playerIds: readonly string[]): Promise<Set<string>> {
    if (playerIds.length === 0) return new Set();
    const r = await this.db.query<{ player_id: string }>('SELECT player_id FROM accounts WHERE player_id = ANY($1)', [[...playerIds]]);
    return new Set(r.rows.map((row) => row.player_id));
  }

  async byPlayerId(playerId: string): Promise<AccountRecord | null> {
    const r = await this.db.query<AccountRow>(`SELECT ${COLUMNS} FROM accounts a WHERE a.player_id = $1`, [playerId]);
    return r.rows[0] ? toAccount(r.rows[0]) : null;
  }

  /** A new session; past `SESSIONS_PER_ACCOUNT` the account's oldest ones end (each login adds one). */
  async createSession(tokenHash: string, playerId: string, now: number): Promise<void> {
    await this.db.query('INSERT INTO sessions (token_hash, player_id, created_at) VALUES ($1, $2, $3)', [tokenHash, playerId, now]);
    await this.db.query(
      `DELETE FROM sessions WHERE player_id = $1 AND token_hash IN
         (SELECT token_hash FROM sessions WHERE player_id = $1 ORDER BY created_at DESC, token_hash OFFSET $2)`,
      [playerId, SESSIONS_PER_ACCOUNT],
    );
  }

  /** The account of a live session (created at `since` or later), or null (unknown, revoked or expired). */
  async bySession(tokenHash: string, since = 0): Promise<AccountRecord | null> {
    const r = await this.db.query<AccountRow>(
      `SELECT ${COLUMNS} FROM sessions s JOIN accounts a ON a.player_id = s.player_id WHERE s.token_hash = $1 AND s.created_at >= $2 AND a.closed_at IS NULL`,
      [tokenHash, since],
    );
    return r.rows[0] ? toAccount(r.rows[0]) : null;
  }

  async deleteSession(tokenHash: string): Promise<void> {
    await this.db.query('DELETE FROM sessions WHERE token_hash = $1', [tokenHash]);
  }

  /** Log out everywhere: returns how many sessions were revoked. */
  async deleteSessions(playerId: string): Promise<number> {
    return (await this.db.query('DELETE FROM sessions WHERE player_id = $1', [playerId])).rowCount;
  }
}
