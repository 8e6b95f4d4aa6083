import type { Color, MinedPuzzle, PuzzleContext, PuzzleOrigin, VariantId } from '@progressive-chess/shared';
import type { Database, Queryable } from '../db/database.js';
import { GLICKO_DEFAULT, glickoUpdate, type Glicko } from '../ratings/glicko2.js';

/** A puzzle found in a game, before it is stored. */
export interface PuzzleCandidate {
  readonly variant: VariantId;
  readonly fen: string;
  readonly turn: number;
  readonly color: Color;
  readonly nearKey: string;
  readonly solution: readonly string[];
  readonly origin: PuzzleOrigin;
  readonly gameId: string;
  readonly context: PuzzleContext | null;
}

interface PuzzleRow {
  id: string;
  variant: VariantId;
  fen: string;
  turn: number;
  color: Color;
  solution: string;
  length: number;
  origin: PuzzleOrigin;
  game_id: string;
  context: string | null;
  rating: number;
  rd: number;
  volatility: number;
  plays: number;
}

/** A new puzzle's rating: longer mates are harder (then solves and fails move it). */
export const seedRating = (length: number): Glicko => ({ ...GLICKO_DEFAULT, rating: 1100 + 100 * length });

const view = (r: PuzzleRow): MinedPuzzle => ({
  id: r.id,
  variant: r.variant,
  fen: r.fen,
  turn: r.turn,
  color: r.color,
  solution: r.solution.split(' '),
  themes: [r.variant, `series-${r.length}`, r.origin],
  origin: r.origin,
  rating: Math.round(r.rating),
  rd: Math.round(r.rd),
  plays: r.plays,
  gameId: r.game_id,
  context: r.context === null ? null : (JSON.parse(r.context) as PuzzleContext),
});

const glickoOf = (r: { rating: number; rd: number; volatility: number }): Glicko => ({ rating: r.rating, rd: r.rd, volatility: r.volatility });

export interface NextFilter {
  readonly variant: VariantId | null;
  readonly length: number | null;
  readonly exclude: readonly string[];
  /** A member's id: the puzzles it has played are skipped, and the nearest to its rating comes first. */
  readonly playerId: string | null;
}

export interface RatedResult {
  readonly rated: boolean;
  readonly player: Glicko | null;
  readonly puzzle: Glicko;
}

const COLUMNS = 'id, variant, fen, turn, color, solution, length, origin, game_id, context, rating, rd, volatility, plays';

/** Mined puzzles, their ratings, the players' puzzle ratings and the daily puzzle. */
export class PuzzleRepo {
  constructor(private readonly db: Database) {}

  /**
   * Stores a game's candidates once (a game mined already, on any node, adds nothing); a candidate
   * whose near-copy is stored already is dropped. Returns the puzzles stored.
   */
  async addMined(gameId: string, candidates: readonly PuzzleCandidate[], newId: () => string, at: number): Promise<number> {
    return this.db.transaction(async (tx) => {
      const first = await tx.query('INSERT INTO puzzle_mined_games (game_id, mined_at, puzzles) VALUES ($1, $2, 0) ON CONFLICT DO NOTHING', [gameId, at]);
      if (first.rowCount === 0) return 0;
      let stored = 0;
      for (const c of candidates) stored += await insertPuzzle(tx, c, newId(), at);
      await tx.query('UPDATE puzzle_mined_games SET puzzles = $2 WHERE game_id = $1', [gameId, stored]);
      return stored;
    });
  }

  async get(id: string): Promise<MinedPuzzle | null> {
    const r = await this.db.query<PuzzleRow>(`SELECT ${COLUMNS} FROM puzzles WHERE id = $1`, [id]);
    return r.rows[0] ? view(r.rows[0]) : null;
  }

  /** The puzzle to play next: not excluded nor played by the member, rated nearest its puzzle rating (a guest's: the default). */
  async next(f: NextFilter): Promise<MinedPuzzle | null> {
    const rating = f.playerId === null ? GLICKO_DEFAULT.rating : ((await this.playerRating(this.db, f.playerId))?.rating ?? GLICKO_DEFAULT.rating);
    const r = await this.db.query<PuzzleRow>(
      `SELECT ${COLUMNS} FROM puzzles p
       WHERE ($1::text IS NULL OR variant = $1) AND ($2::int IS NULL OR length = $2) AND NOT (id = ANY($3::text[]))
         AND ($4::text IS NULL OR NOT EXISTS (SELECT 1 FROM puzzle_attempts a WHERE a.player_id = $4 AND a.puzzle_id = p.id))
       ORDER BY abs(rating - $5), id LIMIT 1`,
      [f.variant, f.length, [...f.exclude], f.playerId, rating],
    );
    return r.rows[0] ? view(r.rows[0]) : null;
  }

  /**
   * The day's puzzle: the first node to ask for a day chooses it (by a hash of the day and the ids,
   * among the puzzles never daily before, else among all), the day's row makes it the one on every node.
   */
  async daily(day: string): Promise<MinedPuzzle | null> {
    const pick = async (fresh: boolean): Promise<void> => {
      await this.db.query(
        `INSERT INTO daily_puzzles (day, puzzle_id)
         SELECT $1, id FROM puzzles p ${fresh ? 'WHERE NOT EXISTS (SELECT 1 FROM daily_puzzles d WHERE d.puzzle_id = p.id)' : ''}
         ORDER BY md5(p.id || $1), id LIMIT 1
         ON CONFLICT (day) DO NOTHING`,
        [day],
      );
    };
    const chosen = async (): Promise<MinedPuzzle | null> => {
      const r = await this.db.query<PuzzleRow>(`SELECT ${COLUMNS} FROM puzzles WHERE id = (SELECT puzzle_id FROM daily_puzzles WHERE day = $1)`, [day]);
      return r.rows[0] ? view(r.rows[0]) : null;
    };
    const known = await chosen();
    if (known) return known;
    await pick(true);
    const fresh = await chosen();
    if (fresh) return fresh;
    await pick(false);
    return chosen();
  }

  /**
   * A result: a member's first attempt at a puzzle rates both (Glicko-2, one rating period each; a
   * solve with a hint counts as a failure); a later attempt, or a guest's, changes no rating.
   * Null: no such puzzle.
   */
  async result(puzzleId: string, playerId: string | null, solved: boolean, assisted: boolean, at: number): Promise<RatedResult | null> {
    return this.db.transaction(async (tx) => {
      const p = await tx.query<PuzzleRow>(`SELECT ${COLUMNS} FROM puzzles WHERE id = $1 FOR UPDATE`, [puzzleId]);
      const row = p.rows[0];
      if (!row) return null;
      const puzzle = glickoOf(row);
      if (playerId === null) return { rated: false, player: null, puzzle };
      const first = await tx.query('INSERT INTO puzzle_attempts (player_id, puzzle_id, solved, assisted, at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING', [
        playerId,
        puzzleId,
        solved,
        assisted,
        at,
      ]);
      const player = (await this.playerRating(tx, playerId, true)) ?? GLICKO_DEFAULT;
      if (first.rowCount === 0) return { rated: false, player, puzzle };
      const score = solved && !assisted ? 1 : 0;
      const newPlayer = glickoUpdate(player, [{ opponent: puzzle, score }]);
      const newPuzzle = glickoUpdate(puzzle, [{ opponent: player, score: 1 - score }]);
      await tx.query(
        `INSERT INTO puzzle_ratings (player_id, rating, rd, volatility, attempts, updated_at) VALUES ($1, $2, $3, $4, 1, $5)
         ON CONFLICT (player_id) DO UPDATE SET rating = $2, rd = $3, volatility = $4, attempts = puzzle_ratings.attempts + 1, updated_at = $5`,
        [playerId, newPlayer.rating, newPlayer.rd, newPlayer.volatility, at],
      );
      await tx.query('UPDATE puzzles SET rating = $2, rd = $3, volatility = $4, plays = plays + 1, solves = solves + $5 WHERE id = $1', [
        puzzleId,
        newPuzzle.rating,
        newPuzzle.rd,
        newPuzzle.volatility,
        score,
      ]);
      return { rated: true, player: newPlayer, puzzle: newPuzzle };
    });
  }

  private async playerRating(q: Queryable, playerId: string, lock = false): Promise<Glicko | null> {
    const r = await q.query<{ rating: number; rd: number; volatility: number }>(
      `SELECT rating, rd, volatility FROM puzzle_ratings WHERE player_id = $1${lock ? ' FOR UPDATE' : ''}`,
      [playerId],
    );
    return r.rows[0] ? glickoOf(r.rows[0]) : null;
  }
}

async function insertPuzzle(tx: Queryable, c: PuzzleCandidate, id: string, at: number): Promise<number> {
  const seed = seedRating(c.solution.length);
  const r = await tx.query(
    `INSERT INTO puzzles (id, variant, fen, turn, color, near_key, solution, length, origin, game_id, context, rating, rd, volatility, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) ON CONFLICT (near_key) DO NOTHING`,
    [
      id,
      c.variant,
      c.fen,
      c.turn,
      c.color,
      c.nearKey,
      c.solution.join(' '),
      c.solution.length,
      c.origin,
      c.gameId,
      c.context === null ? null : JSON.stringify(c.context),
      seed.rating,
      seed.rd,
      seed.volatility,
      at,
    ],
  );
  return r.rowCount;
}
