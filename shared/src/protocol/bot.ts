import { z } from 'zod';
import { timeControlSchema } from '../clock/time-control.js';
import { BOT_LEVELS } from '../search/levels.js';
import { seekColorSchema, variantSchema } from './schemas.js';

/** `bot:play`: a game against the computer at once (no seek). */
export const botPlaySchema = z
  .object({
    variant: variantSchema,
    timeControl: timeControlSchema,
    color: seekColorSchema,
    level: z.literal(BOT_LEVELS),
  })
  .strict();

export * from './bot-seat.js';
