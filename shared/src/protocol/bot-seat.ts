/**
 * The computer's seats, free of zod so the client's initial bundle can use them (the `bot:play`
 * schema lives in bot.ts).
 */
import type { BotLevel } from '../search/bot.js';

/** The computer player's levels (search budget and care grow with the level). */
export const BOT_LEVELS = [1, 2, 3] as const satisfies readonly BotLevel[];

/** The computer's seat identity in a game: `bot:<level>` (never a person's id, which has no colon). */
export const botPlayerId = (level: BotLevel): string => `bot:${level}`;
export const botName = (level: BotLevel): string => `Computer (level ${level})`;

/** The level of a computer seat, or null for a person. */
export function botLevelOf(playerId: string): BotLevel | null {
  const m = /^bot:([123])$/.exec(playerId);
  return m ? (Number(m[1]) as BotLevel) : null;
}
