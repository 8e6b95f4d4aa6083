import { z } from 'zod';
import { forbiddenCharacter, forbiddenMessage, graphemeClusters } from './text-rules.js';
import { idSchema, variantSchema } from './schemas.js';
import type { GameSummary } from './types.js';
import { playerNameSchema } from './username.js';

/**
 * Friends, blocks, reports, moderation and TV over HTTP (`/api/social/*`, `/api/reports`,
 * `/api/moderation/*`, `/api/tv`). Accounts only (they need the database).
 */

/** Players one account may follow at most. */
export const MAX_FOLLOWS = 200;
/** Players one account may block at most. */
export const MAX_BLOCKS = 500;
/** A report's free text, in characters (grapheme clusters). */
export const REPORT_TEXT_MAX = 500;

export const REPORT_REASONS = ['cheating', 'abuse', 'spam', 'stalling', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** `POST /api/social/follow`, `/unfollow`, `/block`, `/unblock`. */
export const playerRefSchema = z.object({ username: playerNameSchema }).strict();

/** A report's text: NFC, trimmed, refused like chat lines (control, bidi, format characters), at most REPORT_TEXT_MAX characters. */
export const reportTextSchema = z.string().transform((raw, ctx) => {
  const text = raw.normalize('NFC').trim();
  const forbidden = forbiddenCharacter(text.replace(/\n/g, ' '));
  if (forbidden) ctx.addIssue({ code: 'custom', message: forbiddenMessage('report', forbidden) });
  else if (graphemeClusters(text).length > REPORT_TEXT_MAX || text.length > 8 * REPORT_TEXT_MAX) {
    ctx.addIssue({ code: 'custom', message: `the report is too long (at most ${REPORT_TEXT_MAX} characters)` });
  } else return text;
  return z.NEVER;
});

/** `POST /api/reports`: a player reported, from a game (`gameId`) or a profile. */
export const reportSchema = z
  .object({ username: playerNameSchema, reason: z.enum(REPORT_REASONS), text: reportTextSchema.optional(), gameId: idSchema.optional() })
  .strict();

export const MODERATION_ACTIONS = ['dismiss', 'mute', 'close'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];
/** `POST /api/moderation/reports/:id`. */
export const moderationActionSchema = z.object({ action: z.enum(MODERATION_ACTIONS) }).strict();

/** `GET /api/tv?variant=&watching=`: a channel per variant, or every variant; `watching`: the game TV shows now. */
export const tvQuerySchema = z.object({ variant: variantSchema.optional(), watching: idSchema.optional() });

/** A followed player, as the friends list shows them. */
export interface FriendView {
  readonly username: string;
  /** Connected now (any node). */
  readonly online: boolean;
  /** Their public games in progress (to watch). */
  readonly playing: readonly string[];
}

/** `GET /api/social/follows`, and the follow/unfollow answers. */
export interface FriendsList {
  readonly friends: readonly FriendView[];
}

/** `GET /api/social/blocks`. */
export interface BlockList {
  readonly blocked: readonly string[];
}

export type ReportStatus = 'open' | 'dismissed' | 'muted' | 'closed';

/** A report in the moderation queue. */
export interface ReportView {
  readonly id: string;
  readonly reporter: string;
  readonly reported: string;
  readonly reason: ReportReason;
  readonly text: string;
  readonly gameId: string | null;
  readonly createdAt: number;
  readonly status: ReportStatus;
}

/** One line of the moderation audit log. */
export interface ModerationLogEntry {
  readonly operator: string;
  readonly action: ModerationAction;
  readonly target: string;
  readonly reportId: string;
  readonly at: number;
}

/** `GET /api/tv`: the game to watch now on the channel, or null. */
export interface TvChannel {
  readonly game: GameSummary | null;
  /** The game's rules state (`encodeState`) for a small board; null without a game. */
  readonly state: string | null;
  /** With `watching`: whether that game is over (or gone): TV moves on. */
  readonly watchingOver?: boolean;
}
