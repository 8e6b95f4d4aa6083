import { z } from 'zod';
import type { GameResult, OutcomeReason, VariantId } from '../rules/variant-ids.js';
import { PASSWORD_MAX, PASSWORD_MIN } from './account-rules.js';
import { playerNameSchema, usernameSchema } from './username.js';
import { idSchema, variantSchema } from './schemas.js';

/** Accounts, ratings and the archive over HTTP (`/api/account`, `/api/players`, `/api/leaderboard`). */

export { playerNameSchema, usernameSchema };

export const passwordSchema = z.string().min(PASSWORD_MIN).max(PASSWORD_MAX);

/** `POST /api/account/register`: claims the anonymous identity of `token` as an account. */
export const registerSchema = z.object({ username: usernameSchema, password: passwordSchema, token: z.string().min(1).max(200) }).strict();
export const loginSchema = z.object({ username: playerNameSchema, password: z.string().min(1).max(PASSWORD_MAX) }).strict();
/** `POST /api/account/logout`: `everywhere` revokes every session of the account. */
export const logoutSchema = z.object({ everywhere: z.boolean().optional() }).strict();

export const PLAYER_RESULTS = ['win', 'loss', 'draw', 'aborted'] as const;
export type PlayerResult = (typeof PLAYER_RESULTS)[number];
/** Query of `GET /api/players/:name/games`; `before` is the `next` cursor of the previous page. */
export const gamesQuerySchema = z.object({
  variant: variantSchema.optional(),
  result: z.enum(PLAYER_RESULTS).optional(),
  before: z
    .string()
    .regex(/^\d{1,16}~[A-Za-z0-9_-]{1,64}$/)
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});
export const archivedGameIdSchema = idSchema;

/** A rating on the Glicko scale as shown (shared ratingView: rounded, `provisional` while the deviation is high). */
export interface RatingView {
  readonly rating: number;
  readonly rd: number;
  readonly provisional: boolean;
}

export interface VariantRating extends RatingView {
  readonly variant: VariantId;
  readonly games: number;
}

/** One side's rating change in a rated game (`provisional`: of the rating after, as ratingView says). */
export interface RatingChange extends Pick<RatingView, 'provisional'> {
  readonly before: number;
  readonly after: number;
}
export interface GameRatingChanges {
  readonly white: RatingChange;
  readonly black: RatingChange;
}

export interface AccountView {
  readonly playerId: string;
  readonly username: string;
  readonly createdAt: number;
  readonly ratings: readonly VariantRating[];
}

export interface ArchivedGameItem {
  readonly id: string;
  readonly variant: VariantId;
  readonly rated: boolean;
  readonly white: string;
  readonly black: string;
  readonly result: GameResult | null;
  readonly reason: OutcomeReason;
  /** From the player's side (profile lists). */
  readonly outcome: PlayerResult;
  readonly turns: number;
  readonly endedAt: number;
  readonly ratings: GameRatingChanges | null;
}

export interface GamesPage {
  readonly games: readonly ArchivedGameItem[];
  /** Cursor for `before`, or null on the last page. */
  readonly next: string | null;
}

export interface RatingPoint {
  readonly at: number;
  readonly rating: number;
}

export interface PlayerProfile {
  readonly username: string;
  readonly createdAt: number;
  readonly ratings: readonly VariantRating[];
  /** Rating after each rated game, oldest first, per variant (the last 100). */
  readonly history: Partial<Record<VariantId, readonly RatingPoint[]>>;
  readonly recentGames: readonly ArchivedGameItem[];
}

export interface LeaderboardEntry extends RatingView {
  readonly username: string;
  readonly games: number;
}

export interface Leaderboard {
  readonly variant: VariantId;
  readonly players: readonly LeaderboardEntry[];
}
