import { z } from 'zod';
import { ANIMATION_SPEEDS, BOARD_COLOURS, LANGUAGES, PIECE_SETS, THEMES, VOLUME_MAX, type Preferences } from './preference-values.js';

/** `PUT /api/account/preferences`: the whole set, as the client shows it. */
export const preferencesSchema = z
  .object({
    language: z.enum(LANGUAGES),
    theme: z.enum(THEMES),
    board: z.enum(BOARD_COLOURS),
    coordinates: z.boolean(),
    pieces: z.enum(PIECE_SETS),
    animation: z.enum(ANIMATION_SPEEDS),
    confirmMoves: z.boolean(),
    volume: z.number().int().min(0).max(VOLUME_MAX),
  })
  .strict() satisfies z.ZodType<Preferences>;
