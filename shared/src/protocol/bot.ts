import { z } from 'zod';
import { timeControlSchema } from '../clock/time-control.js';
import type { BotLevel } from '../search/bot.js';
import { seekColorSchema, variantSchema } from './schemas.js';

/** The computer player's levels (search budget and care grow with the level). */
export const BOT_LEVELS = [1, 2, 3] as const satisfies readonly BotLevel[];

/** `bot:play`: a game against the computer at once (no seek). */
export const botPlaySchema = z
  .object({
    variant: variantSchema,
    timeControl: timeControlSchema,
    color: seekColorSchema,
    level: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  })
  .strict();

/** The computer's seat identity in a game: `bot:<level>` (never a person's id, which has no colon). */
export const botPlayerId = (level: BotLevel): string => `bot:${level}`;
export const botName = (level: BotLevel): string => `Computer (level ${level})`;

/** The level of a computer seat, or null for a person. */
export function botLevelOf(playerId: string): BotLevel | null {
  const m = /^bot:([123])$/.exec(playerId);
  return m ? (Number(m[1]) as BotLevel) : null;
}
