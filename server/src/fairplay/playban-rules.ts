import { colorOfTurn } from '@progressive-chess/shared';
import type { GameDoc } from '../services/game-doc.js';

/**
 * The fair-play guard's thresholds (README, *Fair play*). An offence is a game a player made
 * nobody's: its first move never came (`first-move-timeout`), it was left to be abandoned
 * (`abandoned`: the side to move let it idle out), or it was lost by the opponent's claim after
 * leaving (`opponent-left`). A player's offences within `WINDOW_MS` count; from the
 * `FIRST_BAN_AT`-th on, each new one bars seeking for `FIRST_BAN_MS` times `GROWTH` per offence
 * beyond, at most `MAX_BAN_MS`: 5 min, 15 min, 45 min, 2 h 15, 6 h 45, 20 h 15, then 24 h.
 */
export const PLAYBAN_RULES = {
  WINDOW_MS: 24 * 3600_000,
  FIRST_BAN_AT: 3,
  FIRST_BAN_MS: 5 * 60_000,
  GROWTH: 3,
  MAX_BAN_MS: 24 * 3600_000,
} as const;

export type OffenceCause = 'first-move-timeout' | 'abandoned' | 'opponent-left';

/** How long seeking is barred after a player's `count`-th offence within the window (0: not barred). */
export function banMs(count: number): number {
  const r = PLAYBAN_RULES;
  if (count < r.FIRST_BAN_AT) return 0;
  return Math.min(r.FIRST_BAN_MS * r.GROWTH ** (count - r.FIRST_BAN_AT), r.MAX_BAN_MS);
}

/** The player at fault in a finished game, and why; null when nobody is (a result, a player's abort, a game against the computer). */
export function offenceOf(doc: GameDoc): { playerId: string; cause: OffenceCause } | null {
  const outcome = doc.outcome;
  if (outcome === null || doc.bot !== undefined) return null;
  // 'opponent-left' comes with claims of victory (a parallel change): the loser left
  if ((outcome.reason as string) === 'opponent-left' && outcome.result !== null && outcome.result !== '1/2-1/2') {
    const loser = outcome.result === '1-0' ? doc.players.black : doc.players.white;
    return { playerId: loser.id, cause: 'opponent-left' };
  }
  if (outcome.reason !== 'aborted') return null;
  if (outcome.abort !== 'first-move-timeout' && outcome.abort !== 'abandoned') return null;
  // the side to move let the game lapse
  return { playerId: doc.players[colorOfTurn(doc.turn)].id, cause: outcome.abort };
}
