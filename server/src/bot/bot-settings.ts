import type { BotLevel } from '@progressive-chess/shared';
import { envInteger, type Env } from '../env.js';

/** The computer player's settings (`bot` in AppDeps; defaults below). */
export interface BotSettings {
  /** Search budget per series by level, in ms (cut to a share of the bot's time left). */
  readonly budgetMs: Readonly<Record<BotLevel, number>>;
  /** Share of the bot's time left one series may think. */
  readonly clockShare: number;
  /** Share of the bot's time left its search never passes (it then finishes the series with the first legal moves). */
  readonly limitShare: number;
  /** Pause before each move after the first of a series, drawn in [min, max] ms (0 in tests). */
  readonly pauseMs: readonly [number, number];
  /** How long a driver holds a bot turn without renewing it; another node takes over after that. */
  readonly leaseMs: number;
  /** While thinking, the driver checks the game (and renews its hold) this often. */
  readonly watchMs: number;
  /** Unfinished games against the computer per player. */
  readonly maxPerPlayer: number;
  /** Unfinished games against the computer on the whole service (all nodes). */
  readonly maxGames: number;
}

export const DEFAULT_BOT_SETTINGS: BotSettings = {
  budgetMs: { 1: 100, 2: 400, 3: 1500 },
  clockShare: 0.1,
  limitShare: 0.25,
  pauseMs: [300, 700],
  leaseMs: 3000,
  watchMs: 200,
  maxPerPlayer: 2,
  maxGames: 500,
};

/** Reservation keys (the store's per-player game counts) for bot games: per person, and all of them. */
export const botGamesOf = (playerId: string): string => `bot-games:${playerId}`;
export const ALL_BOT_GAMES = 'bot-games:*';

/** BOT_MAX_PER_PLAYER and BOT_MAX_GAMES (positive integers) override the caps. */
export function botSettingsFromEnv(env: Env): Partial<BotSettings> {
  const maxPerPlayer = envInteger(env, 'BOT_MAX_PER_PLAYER');
  const maxGames = envInteger(env, 'BOT_MAX_GAMES');
  return { ...(maxPerPlayer === undefined ? {} : { maxPerPlayer }), ...(maxGames === undefined ? {} : { maxGames }) };
}
