import { preferencesSchema, type Preferences } from '@progressive-chess/shared';
import type { Database } from '../db/database.js';

/** Members' preferences (migration 9): one JSON row per account. */
export class PreferencesRepo {
  constructor(private readonly db: Database) {}

  /** The saved preferences, or null (none saved, or saved by an older server and no longer valid). */
  async get(playerId: string): Promise<Preferences | null> {
    const r = await this.db.query<{ prefs: string }>('SELECT prefs FROM account_preferences WHERE player_id = $1', [playerId]);
    const row = r.rows[0];
    if (!row) return null;
    const parsed = preferencesSchema.safeParse(JSON.parse(row.prefs));
    return parsed.success ? parsed.data : null;
  }

  async set(playerId: string, prefs: Preferences, now: number): Promise<void> {
    await this.db.query(
      `INSERT INTO account_preferences (player_id, prefs, updated_at) VALUES ($1, $2, $3)
       ON CONFLICT (player_id) DO UPDATE SET prefs = EXCLUDED.prefs, updated_at = EXCLUDED.updated_at`,
      [playerId, JSON.stringify(prefs), now],
    );
  }
}
