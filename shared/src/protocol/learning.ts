import { z } from 'zod';
import type { TimeControl } from '../clock/time-control.js';
import type { Color } from '../chess/types.js';
import { fen, type GameState, type VariantId } from '../rules/index.js';
import { idSchema, variantSchema } from './schemas.js';

/*
 * Puzzles mined from played games and the opening explorer of series, over HTTP
 * (`/api/puzzles/*`, `/api/explorer`): the one owner of their keys, filters and shapes, for the
 * server that computes them and the client that shows them.
 */

/**
 * The key of a position at the start of a turn: the FEN's board, side, castling and en-passant
 * fields with the turn number (the series' length depends on it), without the FEN's move counters.
 * Equal states give equal keys whether replayed from a game or read back from `fen` and `turn`.
 */
export function turnStartKey(state: GameState): string {
  const f = fen(state).split(' ');
  return [...f.slice(0, 4), String(state.turn)].join(' ');
}

/**
 * Two puzzles are near-copies when their boards and sides to move are the same (whatever the
 * castling rights, en-passant square or turn number): only the first is kept.
 */
export function nearCopyKey(state: GameState): string {
  const f = fen(state).split(' ');
  return `${state.variant} ${f[0] ?? ''} ${f[1] ?? ''}`;
}

/** The explorer's time-control classes: live clocks, days per turn, or no clock. */
export const EXPLORER_SPEEDS = ['live', 'correspondence', 'untimed'] as const;
export type ExplorerSpeed = (typeof EXPLORER_SPEEDS)[number];

export function speedOf(tc: TimeControl): ExplorerSpeed {
  return tc.kind === 'correspondence' ? 'correspondence' : tc.kind === 'none' ? 'untimed' : 'live';
}

/**
 * The explorer's rating bands, by the two players' average rating when the game started; a game
 * with a guest or the computer (no rating) is `unrated`.
 */
export const RATING_BANDS = ['unrated', 'under-1400', '1400-1599', '1600-1799', '1800-1999', '2000-2199', '2200-plus'] as const;
export type RatingBand = (typeof RATING_BANDS)[number];

export function ratingBandOf(white: number | undefined, black: number | undefined): RatingBand {
  if (white === undefined || black === undefined) return 'unrated';
  const avg = (white + black) / 2;
  if (avg < 1400) return 'under-1400';
  if (avg >= 2200) return '2200-plus';
  const i = Math.floor((avg - 1400) / 200);
  return RATING_BANDS[2 + i] ?? '2200-plus';
}

/** The explorer counts the series of the first turns only (the opening: later positions are all new). */
export const EXPLORER_MAX_TURN = 12;
/** Series the explorer answers at most, the most played first. */
export const EXPLORER_MAX_SERIES = 30;

const csvOf = <T extends string>(values: readonly [T, ...T[]]) =>
  z
    .string()
    .max(200)
    .transform((s) => s.split(',').filter((x) => x !== ''))
    .pipe(z.array(z.enum(values)).min(1));

/** `GET /api/explorer?variant=&fen=&turn=&speeds=live,untimed&bands=unrated,1400-1599`: no filter means all. */
export const explorerQuerySchema = z.object({
  variant: variantSchema,
  fen: z.string().min(1).max(120),
  turn: z.coerce.number().int().min(1).max(1000),
  speeds: csvOf(EXPLORER_SPEEDS).optional(),
  bands: csvOf(RATING_BANDS).optional(),
});
export type ExplorerQuery = z.infer<typeof explorerQuerySchema>;

/** One series played from the position, how often, and the results of the games it was played in. */
export interface ExplorerSeries {
  readonly uci: readonly string[];
  readonly san: readonly string[];
  readonly games: number;
  readonly whiteWins: number;
  readonly draws: number;
  readonly blackWins: number;
}

/** `GET /api/explorer`. */
export interface ExplorerAnswer {
  readonly variant: VariantId;
  readonly key: string;
  /** Games that reached the position (with the filters). */
  readonly games: number;
  readonly series: readonly ExplorerSeries[];
}

/** How a mined puzzle came to be: the player missed the mate, or played it. */
export const PUZZLE_ORIGINS = ['missed', 'played'] as const;
export type PuzzleOrigin = (typeof PUZZLE_ORIGINS)[number];

/** The opponent's series that led to the puzzle's position (shown before it). */
export interface PuzzleContext {
  readonly fen: string;
  readonly turn: number;
  readonly moves: readonly string[];
}

/** A puzzle mined from a game: mate from `fen` at `turn` in one series. */
export interface MinedPuzzle {
  readonly id: string;
  readonly variant: VariantId;
  readonly fen: string;
  readonly turn: number;
  readonly color: Color;
  /** Moves of the mate the finder found (UCI): any mating series solves the puzzle. */
  readonly solution: readonly string[];
  /** Themes: the variant, `series-N` (the mate's length in moves) and the origin. */
  readonly themes: readonly string[];
  readonly origin: PuzzleOrigin;
  readonly rating: number;
  readonly rd: number;
  readonly plays: number;
  readonly gameId: string;
  readonly context: PuzzleContext | null;
}

/** `GET /api/puzzles/next`, `/daily`, `/:id` (`puzzle` null: none yet). */
export interface PuzzleAnswer {
  readonly puzzle: MinedPuzzle | null;
  /** `/daily`: the UTC day (YYYY-MM-DD) the puzzle is the daily one of. */
  readonly day?: string;
}

/** `GET /api/puzzles/next?variant=&length=&exclude=id,id`: a guest's `exclude` lists the puzzles it has already seen. */
export const puzzleNextQuerySchema = z.object({
  variant: variantSchema.optional(),
  length: z.coerce.number().int().min(1).max(64).optional(),
  exclude: z
    .string()
    .max(2000)
    .transform((s) => s.split(',').filter((x) => x !== ''))
    .pipe(z.array(idSchema).max(100))
    .optional(),
});

/** `POST /api/puzzles/:id/result`: `assisted`: a hint showed a move (rated as a failure). */
export const puzzleResultSchema = z.object({ solved: z.boolean(), assisted: z.boolean() }).strict();

/** The answer to a result: the player's puzzle rating after it (null: a guest, or a puzzle already rated for this player). */
export interface PuzzleResultAnswer {
  readonly rated: boolean;
  readonly player: { readonly rating: number; readonly rd: number } | null;
  readonly puzzle: { readonly rating: number; readonly rd: number };
}

