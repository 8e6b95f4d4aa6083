import { ratingView, type LeaderboardEntry, type RatingPoint, type VariantId, type VariantRating } from '@progressive-chess/shared';
import type { Database } from './database.js';

interface RatingRow {
  variant: VariantId;
  rating: number;
  rd: number;
  games: number;
}

const view = (r: RatingRow): VariantRating => ({ variant: r.variant, ...ratingView(r), games: r.games });

/** Reads of ratings (they are written only by the archive, with the game they come from). */
export class RatingsRepo {
  constructor(private readonly db: Database) {}

  async of(playerId: string): Promise<VariantRating[]> {
    const r = await this.db.query<RatingRow>(
      'SELECT variant, rating, rd, games FROM ratings WHERE player_id = $1 ORDER BY games DESC, variant',
      [playerId],
    );
    return r.rows.map(view);
  }

  /** Ratings of several players in one variant (lobby). */
  async inVariant(playerIds: readonly string[], variant: VariantId): Promise<Map<string, VariantRating>> {
    if (playerIds.length === 0) return new Map();
    const r = await this.db.query<RatingRow & { player_id: string }>(
      'SELECT player_id, variant, rating, rd, games FROM ratings WHERE variant = $1 AND player_id = ANY($2)',
      [variant, [...playerIds]],
    );
    return new Map(r.rows.map((row) => [row.player_id, view(row)]));
  }

  async history(playerId: string, limit = 100): Promise<Partial<Record<VariantId, RatingPoint[]>>> {
    const r = await this.db.query<{ variant: VariantId; rating: number; at: number }>(
      `SELECT variant, rating, at FROM (
         SELECT variant, rating, at, row_number() OVER (PARTITION BY variant ORDER BY at DESC) AS n
         FROM rating_history WHERE player_id = $1) h
       WHERE n <= $2 ORDER BY at`,
      [playerId, limit],
    );
    const out: Partial<Record<VariantId, RatingPoint[]>> = {};
    for (const row of r.rows) (out[row.variant] ??= []).push({ at: row.at, rating: Math.round(row.rating) });
    return out;
  }

  async leaderboard(variant: VariantId, limit: number): Promise<LeaderboardEntry[]> {
    const r = await this.db.query<RatingRow & { username: string }>(
      `SELECT a.username, r.variant, r.rating, r.rd, r.games FROM ratings r JOIN accounts a ON a.player_id = r.player_id
       WHERE r.variant = $1 AND r.games > 0 AND a.closed_at IS NULL ORDER BY r.rating DESC, a.username_key LIMIT $2`,
      [variant, limit],
    );
    return r.rows.map((row) => ({ username: row.username, ...ratingView(row), games: row.games }));
  }
}
