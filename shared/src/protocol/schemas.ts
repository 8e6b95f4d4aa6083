import { z } from 'zod';
import { timeControlSchema } from '../clock/time-control.js';
import { VARIANT_IDS } from '../rules/variant-ids.js';
import { normalizeChatText } from './chat.js';
import { displayNameSchema } from './display-name.js';
import { RATING_MAX, RATING_MIN } from './rating.js';
import { playerNameSchema } from './username.js';

/** Client-to-server payload schemas. The server parses every payload once with these. */
export const idSchema = z.string().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/);
/** A move as UCI: e2e4, e7e8q, castling as the king's move e1g1. */
export const uciSchema = z.string().regex(/^[a-h][1-8][a-h][1-8][qrbnk]?$/);

export const variantSchema = z.enum(VARIANT_IDS);
export const seekColorSchema = z.enum(['white', 'black', 'random']);
export const visibilitySchema = z.enum(['public', 'private']);

const ratingBoundSchema = z.number().int().min(RATING_MIN).max(RATING_MAX);

export const setNameSchema = z.object({ name: displayNameSchema }).strict();
export const seekCreateSchema = z
  .object({
    variant: variantSchema,
    timeControl: timeControlSchema,
    color: seekColorSchema,
    visibility: visibilitySchema,
    rated: z.boolean().optional(),
    ratingRange: z
      .object({ min: ratingBoundSchema, max: ratingBoundSchema })
      .strict()
      .refine((r) => r.min <= r.max, 'min must not exceed max')
      .optional(),
    /** A challenge: only the account of this username may accept it (private seeks only). */
    opponent: playerNameSchema.optional(),
  })
  .strict()
  .refine((p) => p.opponent === undefined || p.visibility === 'private', {
    message: 'a challenge (opponent) must be a private seek',
    path: ['opponent'],
  });
export const seekIdSchema = z.object({ seekId: idSchema }).strict();
export const inviteCodeSchema = z.object({ code: idSchema }).strict();
export const seekAcceptSchema = z.union([
  z.object({ seekId: idSchema }).strict(),
  z.object({ code: idSchema }).strict(),
]);
export const gameRefSchema = z.object({ gameId: idSchema }).strict();
export const gameMoveSchema = z
  .object({ gameId: idSchema, version: z.number().int().nonnegative(), move: uciSchema })
  .strict();
export const gameVersionedSchema = z
  .object({ gameId: idSchema, version: z.number().int().nonnegative() })
  .strict();
export const emptySchema = z.object({}).strict();
/** A chat line: `normalizeChatText` (refused with `bad-request` and its message). */
export const chatTextSchema = z.string().transform((raw, ctx) => {
  const checked = normalizeChatText(raw);
  if (checked.ok) return checked.text;
  ctx.addIssue({ code: 'custom', message: checked.message });
  return z.NEVER;
});
export const chatSendSchema = z.object({ gameId: idSchema, text: chatTextSchema }).strict();
