import {
  ratingView,
  type ArchivedGameItem,
  type GameRatingChanges,
  type GameResult,
  type GamesPage,
  type OutcomeReason,
  type PlayerResult,
  type VariantId,
} from '@progressive-chess/shared';
import { GLICKO_DEFAULT, rateGame, type Glicko } from '../ratings/glicko2.js';
import type { Database, Queryable } from './database.js';

/** A finished game as the game service hands it to the archive. */
export interface ArchiveEntry {
  readonly id: string;
  readonly variant: VariantId;
  /** Apply a rating change (the caller has checked: rated seek, a result, enough turns). */
  readonly rated: boolean;
  readonly white: { readonly id: string; readonly name: string };
  readonly black: { readonly id: string; readonly name: string };
  readonly result: GameResult | null;
  readonly reason: OutcomeReason;
  readonly turns: number;
  readonly createdAt: number;
  readonly endedAt: number;
  /** The store's version, doc and move log at archiving (what `/api/games/:id` serves afterwards). */
  readonly version: number;
  readonly doc: string;
  readonly moves: readonly string[];
}

export interface ArchivedRecord {
  readonly id: string;
  readonly version: number;
  readonly doc: string;
  readonly moves: readonly string[];
  readonly ratings: GameRatingChanges | null;
}

interface RecordRow {
  id: string;
  version: number;
  doc: string;
  moves: string;
  ratings: string | null;
}

const parseRatings = (raw: string | null): GameRatingChanges | null =>
  raw === null ? null : (JSON.parse(raw) as GameRatingChanges);

const toRecord = (row: RecordRow): ArchivedRecord => ({
  id: row.id,
  version: row.version,
  doc: row.doc,
  moves: JSON.parse(row.moves) as string[],
  ratings: parseRatings(row.ratings),
});

export interface PageQuery {
  readonly variant?: VariantId;
  readonly result?: PlayerResult;
  /** Cursor `endedAt~id` of the last game of the previous page. */
  readonly before?: string;
  readonly limit: number;
}

interface ItemRow {
  id: string;
  variant: VariantId;
  rated: boolean;
  white_name: string;
  black_name: string;
  result: GameResult | null;
  reason: OutcomeReason;
  outcome: PlayerResult;
  turns: number;
  ended_at: number;
  ratings: string | null;
}

interface RatingRow {
  player_id: string;
  rating: number;
  rd: number;
  volatility: number;
}

const WHITE_SCORE: Record<GameResult, number> = { '1-0': 1, '0-1': 0, '1/2-1/2': 0.5 };

function outcomeFor(result: GameResult | null, white: boolean): PlayerResult {
  if (result === null) return 'aborted';
  if (result === '1/2-1/2') return 'draw';
  return (result === '1-0') === white ? 'win' : 'loss';
}

const toItem = (r: ItemRow): ArchivedGameItem => ({
  id: r.id,
  variant: r.variant,
  rated: r.rated,
  white: r.white_name,
  black: r.black_name,
  result: r.result,
  reason: r.reason,
  outcome: r.outcome,
  turns: r.turns,
  endedAt: r.ended_at,
  ratings: parseRatings(r.ratings),
});

/**
 * The archive of finished games. Guarantees: a game is archived at most once (its id is the
 * key; a second writer, a retry after a crash or a racing node, finds it there and gets the
 * same answer); a rated game's rating change is applied in the same transaction as its first
 * insert, so exactly once, and two games of one player are rated one after the other (row locks).
 */
export class ArchiveRepo {
  constructor(private readonly db: Database) {}

  async archive(e: ArchiveEntry, now: number): Promise<{ inserted: boolean; ratings: GameRatingChanges | null }> {
    return this.db.transaction(async (tx) => {
      const ins = await tx.query(
        `INSERT INTO archived_games (id, variant, rated, white_id, black_id, white_name, black_name, result, reason,
           turns, created_at, ended_at, version, doc, moves, ratings, archived_at)
         VALUES ($1, $2, false, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, NULL, $15)
         ON CONFLICT (id) DO NOTHING`,
        [e.id, e.variant, e.white.id, e.black.id, e.white.name, e.black.name, e.result, e.reason, e.turns,
          e.createdAt, e.endedAt, e.version, e.doc, JSON.stringify(e.moves), now],
      );
      if (ins.rowCount === 0) {
        const known = await tx.query<{ ratings: string | null }>('SELECT ratings FROM archived_games WHERE id = $1', [e.id]);
        return { inserted: false, ratings: parseRatings(known.rows[0]?.ratings ?? null) };
      }
      for (const [p, white] of [[e.white, true], [e.black, false]] as const) {
        await tx.query(
          'INSERT INTO game_players (player_id, game_id, variant, outcome, ended_at) VALUES ($1, $2, $3, $4, $5)',
          [p.id, e.id, e.variant, outcomeFor(e.result, white), e.endedAt],
        );
      }
      const ratings = e.rated && e.result !== null ? await this.rate(tx, e, e.result, now) : null;
      return { inserted: true, ratings };
    });
  }

  /** Applies Glicko-2 to both players (rows locked in id order); null when either has no account. */
  private async rate(tx: Queryable, e: ArchiveEntry, result: GameResult, now: number): Promise<GameRatingChanges | null> {
    const ids = [e.white.id, e.black.id];
    const accounts = await tx.query('SELECT player_id FROM accounts WHERE player_id = ANY($1)', [ids]);
    if (accounts.rows.length !== 2) return null;
    // Ids in one order in every transaction: two games of the same two players cannot deadlock.
    for (const id of [...ids].sort()) {
      await tx.query(
        `INSERT INTO ratings (player_id, variant, rating, rd, volatility, games, updated_at)
         VALUES ($1, $2, $3, $4, $5, 0, $6) ON CONFLICT DO NOTHING`,
        [id, e.variant, GLICKO_DEFAULT.rating, GLICKO_DEFAULT.rd, GLICKO_DEFAULT.volatility, now],
      );
    }
    const rows = await tx.query<RatingRow>(
      `SELECT player_id, rating, rd, volatility FROM ratings WHERE variant = $1 AND player_id = ANY($2)
       ORDER BY player_id FOR UPDATE`,
      [e.variant, ids],
    );
    const find = (id: string): Glicko => {
      const r = rows.rows.find((x) => x.player_id === id);
      if (!r) throw new Error(`rating row of ${id} missing`);
      return { rating: r.rating, rd: r.rd, volatility: r.volatility };
    };
    const before = { white: find(e.white.id), black: find(e.black.id) };
    const after = rateGame(before.white, before.black, WHITE_SCORE[result]);
    for (const side of ['white', 'black'] as const) {
      const a = after[side];
      const id = e[side].id;
      await tx.query(
        `UPDATE ratings SET rating = $3, rd = $4, volatility = $5, games = games + 1, updated_at = $6
         WHERE player_id = $1 AND variant = $2`,
        [id, e.variant, a.rating, a.rd, a.volatility, now],
      );
      await tx.query(
        'INSERT INTO rating_history (player_id, variant, game_id, rating, rd, at) VALUES ($1, $2, $3, $4, $5, $6)',
        [id, e.variant, e.id, a.rating, a.rd, e.endedAt],
      );
    }
    const change = (side: 'white' | 'black') => ({
      before: Math.round(before[side].rating),
      after: Math.round(after[side].rating),
      provisional: ratingView(after[side]).provisional,
    });
    const ratings: GameRatingChanges = { white: change('white'), black: change('black') };
    await tx.query('UPDATE archived_games SET rated = true, ratings = $2 WHERE id = $1', [e.id, JSON.stringify(ratings)]);
    return ratings;
  }

  /**
   * Deletes up to `limit` aborted games (no result) that ended before `endedBefore`, with their
   * players' list entries (an aborted game changed no rating); returns how many it deleted.
   */
  async deleteAborted(endedBefore: number, limit: number): Promise<number> {
    const r = await this.db.query(
      `DELETE FROM archived_games WHERE id IN (
         SELECT id FROM archived_games WHERE result IS NULL AND ended_at < $1 ORDER BY ended_at LIMIT $2)`,
      [endedBefore, limit],
    );
    return r.rowCount;
  }

  async get(id: string): Promise<ArchivedRecord | null> {
    const r = await this.db.query<RecordRow>('SELECT id, version, doc, moves, ratings FROM archived_games WHERE id = $1', [id]);
    return r.rows[0] ? toRecord(r.rows[0]) : null;
  }

  /** One page of a player's games, newest first, with the cursor of the next page. */
  async page(playerId: string, q: PageQuery): Promise<GamesPage> {
    const params: unknown[] = [playerId];
    const where = ['p.player_id = $1'];
    if (q.variant !== undefined) where.push(`p.variant = $${params.push(q.variant)}`);
    if (q.result !== undefined) where.push(`p.outcome = $${params.push(q.result)}`);
    if (q.before !== undefined) {
      const [at, id] = q.before.split('~');
      where.push(`(p.ended_at, p.game_id) < ($${params.push(Number(at))}, $${params.push(id)})`);
    }
    const r = await this.db.query<ItemRow>(
      `SELECT g.id, g.variant, g.rated, g.white_name, g.black_name, g.result, g.reason, p.outcome, g.turns,
              g.ended_at, g.ratings
       FROM game_players p JOIN archived_games g ON g.id = p.game_id
       WHERE ${where.join(' AND ')}
       ORDER BY p.ended_at DESC, p.game_id DESC LIMIT $${params.push(q.limit + 1)}`,
      params,
    );
    const games = r.rows.slice(0, q.limit).map(toItem);
    const last = games[games.length - 1];
    return { games, next: r.rows.length > q.limit && last ? `${last.endedAt}~${last.id}` : null };
  }

  /** The full records of a page of games (for the PGN export), same order and cursor as `page`. */
  async records(ids: readonly string[]): Promise<ArchivedRecord[]> {
    const r = await this.db.query<RecordRow>(
      'SELECT id, version, doc, moves, ratings FROM archived_games WHERE id = ANY($1)',
      [[...ids]],
    );
    const byId = new Map(r.rows.map((row) => [row.id, row]));
    return ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [toRecord(row)] : [];
    });
  }
}
