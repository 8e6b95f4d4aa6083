import { z } from 'zod';
import { timeControlSchema } from '../clock/time-control.js';
import { botPlaySchema } from './bot.js';
import { chatTextSchema, seekColorSchema, uciSchema, variantSchema } from './schemas.js';

/**
 * The HTTP API for programs (bots, board apps): personal API tokens, their scopes and bounds, and
 * the request bodies of the API's actions. The README's "Bot and Board API" section documents them.
 */
export const API_SCOPES = ['bot:play', 'board:play', 'challenge:write'] as const;
export type ApiScope = (typeof API_SCOPES)[number];

/** Personal API tokens one account may hold at once (revoke one to make another). */
export const MAX_API_TOKENS = 10;
/** Open streams (event and game streams together) per token, on each node. */
export const MAX_STREAMS_PER_TOKEN = 8;
/** A stream writes a line at least this often (an empty line when nothing happened). */
export const STREAM_KEEPALIVE_MS = 5_000;
/** API requests per token per minute, and per account (all its tokens together) per minute. */
export const API_REQUESTS_PER_TOKEN_PER_MIN = 600;
export const API_REQUESTS_PER_ACCOUNT_PER_MIN = 1_200;
/** The moves one `series` request may carry (the longest series of the family is far below). */
export const MAX_SERIES_MOVES = 200;

export const tokenCreateSchema = z
  .object({
    /** What the token is for (shown in the list). */
    description: z.string().trim().min(1).max(60),
    scopes: z.array(z.enum(API_SCOPES)).min(1).max(API_SCOPES.length),
  })
  .strict();

/** `0000` in a move list: the turn ends there (cost variants: the rest of its points is passed). */
export const PASS_MOVE = '0000';
export const seriesSchema = z.object({ moves: z.array(z.union([uciSchema, z.literal(PASS_MOVE)])).min(1).max(MAX_SERIES_MOVES) }).strict();

export const apiChatSchema = z.object({ text: chatTextSchema }).strict();

/** `POST /api/challenge/:username`: a challenge to one player (a private seek addressed to them). */
export const apiChallengeSchema = z
  .object({
    variant: variantSchema,
    timeControl: timeControlSchema,
    color: seekColorSchema.default('random'),
    rated: z.boolean().default(false),
  })
  .strict();

/** `POST /api/challenge/ai`: a game against the built-in computer at once (as `bot:play`; colour default random). */
export const apiAiChallengeSchema = botPlaySchema.extend({ color: seekColorSchema.default('random') }).strict();

/** A token as listed (never the secret itself, which is shown once at creation). */
export interface ApiTokenView {
  readonly id: string;
  readonly description: string;
  readonly scopes: readonly ApiScope[];
  readonly createdAt: number;
  readonly lastUsedAt: number | null;
}

/** One line of `GET /api/stream/event`. */
export type ApiPlayerEvent =
  | { readonly type: 'challenge'; readonly challenge: ApiChallenge }
  | { readonly type: 'challengeCanceled'; readonly challenge: { readonly id: string; readonly reason: string } }
  | { readonly type: 'challengeDeclined'; readonly challenge: { readonly id: string; readonly by: string } }
  | { readonly type: 'gameStart'; readonly game: { readonly id: string; readonly color: 'white' | 'black' } }
  | { readonly type: 'gameFinish'; readonly game: { readonly id: string } };

export interface ApiChallenge {
  readonly id: string;
  readonly challenger: { readonly id: string; readonly name: string; readonly rating?: number };
  readonly variant: z.infer<typeof variantSchema>;
  readonly timeControl: z.infer<typeof timeControlSchema>;
  /** The challenger's colour choice. */
  readonly color: 'white' | 'black' | 'random';
  readonly rated: boolean;
}
