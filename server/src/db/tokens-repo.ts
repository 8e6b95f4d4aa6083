import { API_SCOPES, type ApiScope, type ApiTokenView } from '@progressive-chess/shared';
import type { Database } from './database.js';

/** A token found by its hash: whose it is, and what it may do. */
export interface TokenOwner {
  readonly tokenId: string;
  readonly playerId: string;
  readonly username: string;
  readonly scopes: readonly ApiScope[];
  readonly bot: boolean;
}

interface TokenRow {
  id: string;
  description: string;
  scopes: string;
  created_at: number;
  last_used_at: number | null;
}

const scopesOf = (s: string): ApiScope[] => s.split(' ').filter((x): x is ApiScope => (API_SCOPES as readonly string[]).includes(x));

/**
 * Personal API tokens and bot accounts (migration 4). A token is stored only as the sha256 of its
 * secret (a high-entropy random string: no slow hash needed); it dies with its account.
 */
export class TokensRepo {
  constructor(private readonly db: Database) {}

  /** Adds a token unless the account holds `max` already (one statement: two racing creations cannot both pass). */
  async create(t: { id: string; playerId: string; hash: string; description: string; scopes: readonly ApiScope[]; createdAt: number }, max: number): Promise<boolean> {
    const r = await this.db.query(
      `INSERT INTO api_tokens (id, player_id, token_hash, description, scopes, created_at)
       SELECT $1, $2, $3, $4, $5, $6 WHERE (SELECT count(*) FROM api_tokens WHERE player_id = $2) < $7`,
      [t.id, t.playerId, t.hash, t.description, t.scopes.join(' '), t.createdAt, max],
    );
    return r.rowCount === 1;
  }

  async list(playerId: string): Promise<ApiTokenView[]> {
    const r = await this.db.query<TokenRow>(
      'SELECT id, description, scopes, created_at, last_used_at FROM api_tokens WHERE player_id = $1 ORDER BY created_at, id',
      [playerId],
    );
    return r.rows.map((x) => ({ id: x.id, description: x.description, scopes: scopesOf(x.scopes), createdAt: x.created_at, lastUsedAt: x.last_used_at }));
  }

  /** Whether the account had such a token (now revoked). */
  async revoke(playerId: string, id: string): Promise<boolean> {
    return (await this.db.query('DELETE FROM api_tokens WHERE player_id = $1 AND id = $2', [playerId, id])).rowCount === 1;
  }

  async byHash(hash: string): Promise<TokenOwner | null> {
    const r = await this.db.query<{ id: string; player_id: string; username: string; scopes: string; bot: boolean }>(
      `SELECT t.id, t.player_id, a.username, t.scopes, (b.player_id IS NOT NULL) AS bot
       FROM api_tokens t JOIN accounts a ON a.player_id = t.player_id LEFT JOIN bot_accounts b ON b.player_id = t.player_id
       WHERE t.token_hash = $1`,
      [hash],
    );
    const x = r.rows[0];
    return x ? { tokenId: x.id, playerId: x.player_id, username: x.username, scopes: scopesOf(x.scopes), bot: x.bot } : null;
  }

  async touch(id: string, at: number): Promise<void> {
    await this.db.query('UPDATE api_tokens SET last_used_at = $2 WHERE id = $1', [id, at]);
  }

  async isBot(playerId: string): Promise<boolean> {
    return (await this.db.query('SELECT 1 FROM bot_accounts WHERE player_id = $1', [playerId])).rows.length === 1;
  }

  /** The bots among these players. */
  async botsAmong(playerIds: readonly string[]): Promise<Set<string>> {
    if (playerIds.length === 0) return new Set();
    const r = await this.db.query<{ player_id: string }>('SELECT player_id FROM bot_accounts WHERE player_id = ANY($1)', [playerIds]);
    return new Set(r.rows.map((x) => x.player_id));
  }

  /** Whether the archive holds a game of this player. */
  async hasPlayed(playerId: string): Promise<boolean> {
    // rows, not rowCount: PGlite counts no rows for a SELECT
    return (await this.db.query('SELECT 1 FROM game_players WHERE player_id = $1 LIMIT 1', [playerId])).rows.length > 0;
  }

  /** The usernames of the bot accounts, in order (at most `limit`). */
  async botNames(limit: number): Promise<string[]> {
    const r = await this.db.query<{ username: string }>(
      'SELECT a.username FROM bot_accounts b JOIN accounts a ON a.player_id = b.player_id ORDER BY a.username_key LIMIT $1',
      [limit],
    );
    return r.rows.map((x) => x.username);
  }

  async makeBot(playerId: string, at: number): Promise<void> {
    await this.db.query('INSERT INTO bot_accounts (player_id, upgraded_at) VALUES ($1, $2) ON CONFLICT DO NOTHING', [playerId, at]);
  }
}
