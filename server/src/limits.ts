import { envInteger, type Env } from './env.js';

/** Bounds on what one identity can make the server keep (documented in README, Limits). */
export interface Limits {
  /** Open seeks per player (public and private together). */
  readonly maxSeeksPerPlayer: number;
  /** Open challenges addressed to one player, from everyone together (`too-many-challenges`). */
  readonly maxChallengesPerPlayer: number;
  /** Games in progress per player (a new game beyond it is refused with `too-many-games`). */
  readonly maxGamesPerPlayer: number;
  /** A public seek expires this long after its creation. */
  readonly seekTtlMs: number;
  /** An invitation (private seek) expires this long after its creation. */
  readonly inviteTtlMs: number;
  /** An anonymous player (token) is forgotten this long after it was last seen. */
  readonly playerTtlMs: number;
  /**
   * A new anonymous player is forgotten this long after its first handshake unless it is seen again
   * (a later handshake with its token, a rename, a seek or game of its own): then `playerTtlMs`.
   */
  readonly newPlayerTtlMs: number;
  /** A game with no clock deadline (untimed, or correspondence before its clock runs) is aborted after this long without a change. */
  readonly abandonAfterMs: number;
  /**
   * The same for a game against the computer whose person has not made a first move: it holds
   * places under the bot-game caps (per person and service-wide), so it goes sooner.
   */
  readonly unplayedBotGameMs: number;
  /** Aborted games (no result) are deleted this long after they end. */
  readonly abortedRetentionMs: number;
  /** Entries in a lobby answer: public seeks and games in progress (each). */
  readonly lobbyListed: number;
  /**
   * A player whose opponent has had no connection to the game this long may claim the victory or
   * a draw (live games: Fischer, per-turn and untimed; never correspondence nor against the computer).
   */
  readonly claimAfterMs: number;
  /** A game whose players have all been away this long leaves the lobby's games in progress (until one returns). */
  readonly lobbyAwayMs: number;
}

const DAY = 24 * 60 * 60 * 1000;

export const DEFAULT_LIMITS: Limits = {
  maxSeeksPerPlayer: 3,
  maxChallengesPerPlayer: 20,
  maxGamesPerPlayer: 10,
  seekTtlMs: 60 * 60 * 1000,
  inviteTtlMs: 7 * DAY,
  playerTtlMs: 90 * DAY,
  newPlayerTtlMs: DAY,
  abandonAfterMs: 14 * DAY,
  unplayedBotGameMs: 60 * 60 * 1000,
  abortedRetentionMs: DAY,
  lobbyListed: 100,
  claimAfterMs: 30_000,
  lobbyAwayMs: 120_000,
};

/** Environment variables that override a limit (integers; durations in seconds). */
const LIMIT_ENV: Record<keyof Limits, readonly [string, number]> = {
  maxSeeksPerPlayer: ['MAX_SEEKS_PER_PLAYER', 1],
  maxChallengesPerPlayer: ['MAX_CHALLENGES_PER_PLAYER', 1],
  maxGamesPerPlayer: ['MAX_GAMES_PER_PLAYER', 1],
  seekTtlMs: ['SEEK_TTL_SECONDS', 1000],
  inviteTtlMs: ['INVITE_TTL_SECONDS', 1000],
  playerTtlMs: ['PLAYER_TTL_SECONDS', 1000],
  newPlayerTtlMs: ['NEW_PLAYER_TTL_SECONDS', 1000],
  abandonAfterMs: ['ABANDON_AFTER_SECONDS', 1000],
  unplayedBotGameMs: ['UNPLAYED_BOT_GAME_SECONDS', 1000],
  abortedRetentionMs: ['ABORTED_RETENTION_SECONDS', 1000],
  lobbyListed: ['LOBBY_LISTED', 1],
  claimAfterMs: ['CLAIM_AFTER_SECONDS', 1000],
  lobbyAwayMs: ['LOBBY_AWAY_SECONDS', 1000],
};

const LIMIT_ENTRIES = Object.entries(LIMIT_ENV) as [keyof Limits, readonly [string, number]][];

/** Each limit under its variable's name, in the variable's unit (seconds for durations). */
export function limitsByVariable(limits: Limits): Record<string, number> {
  return Object.fromEntries(
    LIMIT_ENTRIES.map(([key, [name, unit]]) => [name, limits[key] / unit]),
  );
}

/** The limits set in `env` (positive integers; anything else is an error, not a silent default). */
export function limitsFromEnv(env: Env): Partial<Limits> {
  const out: Partial<Record<keyof Limits, number>> = {};
  for (const [key, [name, unit]] of LIMIT_ENTRIES) {
    const n = envInteger(env, name);
    if (n !== undefined) out[key] = n * unit;
  }
  return out;
}
