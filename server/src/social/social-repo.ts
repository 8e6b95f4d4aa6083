import type { Database } from '../db/database.js';

export type Relation = 'follows' | 'blocks';

const TABLE = {
  follows: { table: 'follows', from: 'follower_id', to: 'followed_id' },
  blocks: { table: 'blocks', from: 'blocker_id', to: 'blocked_id' },
} as const;

/** Follows and blocks between accounts: one row per (from, to) pair, capped per account by the caller. */
export class SocialRepo {
  constructor(private readonly db: Database) {}

  /**
   * Adds `from -> to` unless `from` already has `max` rows of the relation (one statement: two
   * racing adds cannot both pass the cap by much). 'added', 'exists' or 'full'.
   */
  async add(rel: Relation, from: string, to: string, max: number, now: number): Promise<'added' | 'exists' | 'full'> {
    const t = TABLE[rel];
    const r = await this.db.query(
      `INSERT INTO ${t.table} (${t.from}, ${t.to}, created_at)
       SELECT $1, $2, $3 WHERE (SELECT count(*) FROM ${t.table} WHERE ${t.from} = $1) < $4
       ON CONFLICT DO NOTHING`,
      [from, to, now, max],
    );
    if (r.rowCount === 1) return 'added';
    return (await this.has(rel, from, to)) ? 'exists' : 'full';
  }

  async remove(rel: Relation, from: string, to: string): Promise<void> {
    const t = TABLE[rel];
    await this.db.query(`DELETE FROM ${t.table} WHERE ${t.from} = $1 AND ${t.to} = $2`, [from, to]);
  }

  async has(rel: Relation, from: string, to: string): Promise<boolean> {
    const t = TABLE[rel];
    const r = await this.db.query(`SELECT 1 FROM ${t.table} WHERE ${t.from} = $1 AND ${t.to} = $2`, [from, to]);
    return r.rows.length > 0;
  }

  /** Whether either player blocks the other. */
  async blockedEitherWay(a: string, b: string): Promise<boolean> {
    const r = await this.db.query(
      'SELECT 1 FROM blocks WHERE (blocker_id = $1 AND blocked_id = $2) OR (blocker_id = $2 AND blocked_id = $1) LIMIT 1',
      [a, b],
    );
    return r.rows.length > 0;
  }

  /** Every player `a` blocks or is blocked by. */
  async blockedWith(a: string): Promise<string[]> {
    const r = await this.db.query<{ id: string }>(
      'SELECT blocked_id AS id FROM blocks WHERE blocker_id = $1 UNION SELECT blocker_id AS id FROM blocks WHERE blocked_id = $1',
      [a],
    );
    return r.rows.map((x) => x.id);
  }

  /** The blocks between any two of `ids` (blocker, blocked): one query for any number (a tournament wave's players). */
  async blockedAmong(ids: readonly string[]): Promise<[string, string][]> {
    if (ids.length < 2) return [];
    const r = await this.db.query<{ blocker_id: string; blocked_id: string }>(
      'SELECT blocker_id, blocked_id FROM blocks WHERE blocker_id = ANY($1) AND blocked_id = ANY($1)',
      [[...ids]],
    );
    return r.rows.map((x) => [x.blocker_id, x.blocked_id]);
  }

  /** The open accounts `from` follows or blocks, by username. */
  async listed(rel: Relation, from: string): Promise<{ playerId: string; username: string }[]> {
    const t = TABLE[rel];
    const r = await this.db.query<{ player_id: string; username: string }>(
      `SELECT a.player_id, a.username FROM ${t.table} x JOIN accounts a ON a.player_id = x.${t.to}
       WHERE x.${t.from} = $1 AND a.closed_at IS NULL ORDER BY a.username_key`,
      [from],
    );
    return r.rows.map((x) => ({ playerId: x.player_id, username: x.username }));
  }

  /** The player ids that follow `to`. */
  async followers(to: string): Promise<string[]> {
    const r = await this.db.query<{ follower_id: string }>('SELECT follower_id FROM follows WHERE followed_id = $1', [to]);
    return r.rows.map((x) => x.follower_id);
  }
}
