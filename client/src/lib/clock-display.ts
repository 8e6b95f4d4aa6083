import { comingTurnBudget, turnBudgetMs as freshTurnMs, type Color, type GameState, type TimeControl } from '@progressive-chess/shared';

/** Low-time warning in Fischer games (ms). */
const FISCHER_LOW_MS = 20_000;

/**
 * Per-turn and correspondence clocks: the fresh time of `color`'s coming (or current) turn, in ms,
 * by the server's rule (shared `turnBudgetMs`); null for Fischer and untimed games, which carry
 * their time over.
 */
export function turnBudgetMs(tc: TimeControl, state: GameState, color: Color): number | null {
  return freshTurnMs(tc, comingTurnBudget(state, color));
}

/**
 * When a clock shows low time: a quarter of the turn's budget in per-turn games (a 7-move series
 * has more time than a 1-move one), 20 s in Fischer games, an hour in correspondence.
 */
export function lowTimeMs(tc: TimeControl, state: GameState | null, color: Color): number {
  if (tc.kind === 'correspondence') return 3600_000;
  const budget = state ? turnBudgetMs(tc, state, color) : null;
  return budget === null ? FISCHER_LOW_MS : Math.max(3000, budget / 4);
}
