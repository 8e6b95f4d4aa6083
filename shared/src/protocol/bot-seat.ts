/**
 * The computer's seats, free of zod so the client's initial bundle can use them (the `bot:play`
 * schema lives in bot.ts).
 */
import { BOT_LEVELS, type BotLevel } from '../search/levels.js';

export { BOT_LEVELS };

/** The computer's seat identity in a game: `bot:<level>` (never a person's id, which has no colon). */
export const botPlayerId = (level: BotLevel): string => `bot:${level}`;
export const botName = (level: BotLevel): string => `Computer (level ${level})`;

/** The level of a computer seat, or null for a person. */
export function botLevelOf(playerId: string): BotLevel | null {
  return BOT_LEVELS.find((level) => botPlayerId(level) === playerId) ?? null;
}

/** Whether a seat is the computer's (the client knows a seat by its id alone). */
export const isBotSeat = (playerId: string): boolean => botLevelOf(playerId) !== null;
