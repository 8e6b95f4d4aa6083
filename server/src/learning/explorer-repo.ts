import { EXPLORER_MAX_SERIES, type ExplorerSpeed, type RatingBand, type VariantId } from '@progressive-chess/shared';
import type { Database } from '../db/database.js';
import type { ExplorerRow } from './explorer-rows.js';

export interface ExplorerCount {
  readonly series: string;
  readonly games: number;
  readonly whiteWins: number;
  readonly draws: number;
  readonly blackWins: number;
}

/** The explorer's counts: one aggregate row per (variant, position, series, speed, band), updated as games are archived. */
export class ExplorerRepo {
  constructor(private readonly db: Database) {}

  /** Adds a game's rows once (a game already counted, on any node, adds nothing); true when counted now. */
  async count(gameId: string, rows: readonly ExplorerRow[], at: number): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const first = await tx.query('INSERT INTO explorer_games (game_id, counted_at) VALUES ($1, $2) ON CONFLICT DO NOTHING', [gameId, at]);
      if (first.rowCount === 0 || rows.length === 0) return first.rowCount > 0;
      const values: unknown[] = [];
      const tuples = rows.map((r, i) => {
        values.push(r.variant, r.positionKey, r.series, r.speed, r.band, r.result === '1-0' ? 1 : 0, r.result === '1/2-1/2' ? 1 : 0, r.result === '0-1' ? 1 : 0);
        const b = i * 8;
        return `($${b + 1}, $${b + 2}, $${b + 3}, $${b + 4}, $${b + 5}, 1, $${b + 6}::int, $${b + 7}::int, $${b + 8}::int)`;
      });
      // one game can play the same series from the same position twice (a repetition): summed first
      await tx.query(
        `INSERT INTO explorer_series (variant, position_key, series, speed, band, games, white_wins, draws, black_wins)
         SELECT variant, position_key, series, speed, band, sum(games), sum(w), sum(d), sum(b)
         FROM (VALUES ${tuples.join(', ')}) AS v(variant, position_key, series, speed, band, games, w, d, b)
         GROUP BY variant, position_key, series, speed, band
         ON CONFLICT (variant, position_key, series, speed, band) DO UPDATE SET
           games = explorer_series.games + excluded.games,
           white_wins = explorer_series.white_wins + excluded.white_wins,
           draws = explorer_series.draws + excluded.draws,
           black_wins = explorer_series.black_wins + excluded.black_wins`,
        values,
      );
      return true;
    });
  }

  /** The series played from a position with the filters (none: all), the most played first, and the games in all. */
  async series(
    variant: VariantId,
    positionKey: string,
    speeds: readonly ExplorerSpeed[] | null,
    bands: readonly RatingBand[] | null,
  ): Promise<{ total: number; series: ExplorerCount[] }> {
    const r = await this.db.query<{ series: string; games: number; white_wins: number; draws: number; black_wins: number; total: number }>(
      `SELECT series, sum(games)::int AS games, sum(white_wins)::int AS white_wins, sum(draws)::int AS draws,
              sum(black_wins)::int AS black_wins, (sum(sum(games)) OVER ())::int AS total
       FROM explorer_series
       WHERE variant = $1 AND position_key = $2 AND ($3::text[] IS NULL OR speed = ANY($3)) AND ($4::text[] IS NULL OR band = ANY($4))
       GROUP BY series ORDER BY games DESC, series LIMIT $5`,
      [variant, positionKey, speeds, bands, EXPLORER_MAX_SERIES],
    );
    return {
      total: r.rows[0]?.total ?? 0,
      series: r.rows.map((row) => ({ series: row.series, games: row.games, whiteWins: row.white_wins, draws: row.draws, blackWins: row.black_wins })),
    };
  }
}
