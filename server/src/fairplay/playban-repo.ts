import type { Database } from '../db/database.js';
import type { OffenceCause } from './playban-rules.js';

/** Offences (one per player and game) and the bars on seeking they led to. */
export class PlaybanRepo {
  constructor(private readonly db: Database) {}

  /**
   * Records the offence (once per player and game) and returns how many the player has since
   * `since`, this one included; null when it was recorded already (the archive wrote the game twice).
   */
  async record(playerId: string, gameId: string, cause: OffenceCause, at: number, since: number): Promise<number | null> {
    return this.db.transaction(async (tx) => {
      const ins = await tx.query(
        'INSERT INTO fairplay_offences (player_id, game_id, cause, at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING',
        [playerId, gameId, cause, at],
      );
      if (ins.rowCount === 0) return null;
      const n = await tx.query<{ n: number | string }>('SELECT count(*) AS n FROM fairplay_offences WHERE player_id = $1 AND at >= $2', [playerId, since]);
      return Number(n.rows[0]?.n ?? 0);
    });
  }

  /** Bars seeking until `until` (a longer bar already in place stays). */
  async ban(playerId: string, until: number): Promise<void> {
    await this.db.query(
      'INSERT INTO playbans (player_id, until) VALUES ($1, $2) ON CONFLICT (player_id) DO UPDATE SET until = GREATEST(playbans.until, EXCLUDED.until)',
      [playerId, until],
    );
  }

  /** When the player's bar ends, or null (none, or over by `now`). */
  async bannedUntil(playerId: string, now: number): Promise<number | null> {
    const r = await this.db.query<{ until: number }>('SELECT until FROM playbans WHERE player_id = $1 AND until > $2', [playerId, now]);
    return r.rows[0]?.until ?? null;
  }
}
