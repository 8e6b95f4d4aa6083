import { z } from 'zod';
import { timeControlSchema } from '../clock/time-control.js';
import { seekColorSchema, variantSchema } from './schemas.js';

/** `bot:play`: a game against the computer at once (no seek). */
export const botPlaySchema = z
  .object({
    variant: variantSchema,
    timeControl: timeControlSchema,
    color: seekColorSchema,
    level: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  })
  .strict();

export * from './bot-seat.js';
