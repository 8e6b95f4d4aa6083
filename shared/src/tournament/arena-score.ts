import { BERSERK_MIN_TURNS, type ArenaSheetEntry } from '../protocol/tournament.js';

/** One finished arena game of a player, in the order played. */
export interface ArenaResult {
  readonly outcome: 'win' | 'draw' | 'loss';
  /** The player berserked (halved their own clock). */
  readonly berserk: boolean;
  /** The progressive turn the game reached (its last turn's number). */
  readonly turns: number;
}

export interface ArenaScore {
  readonly score: number;
  /** On a streak: two or more wins in a row up to now, so the next game counts double. */
  readonly fire: boolean;
  readonly sheet: ArenaSheetEntry[];
}

const BASE = { win: 2, draw: 1, loss: 0 } as const;

/**
 * An arena player's score, as lichess: a win 2, a draw 1, a loss 0; after two wins in a row every
 * game counts double (a win 4, a draw 2) until one is not won; a berserked win adds 1 (not doubled)
 * if the game reached BERSERK_MIN_TURNS.
 */
export function arenaScore(results: readonly ArenaResult[]): ArenaScore {
  const sheet: ArenaSheetEntry[] = [];
  let score = 0;
  let wins = 0;
  for (const r of results) {
    const doubled = wins >= 2 && r.outcome !== 'loss';
    const bonus = r.outcome === 'win' && r.berserk && r.turns >= BERSERK_MIN_TURNS ? 1 : 0;
    const points = BASE[r.outcome] * (doubled ? 2 : 1) + bonus;
    sheet.push({ points, berserk: r.berserk, doubled });
    score += points;
    wins = r.outcome === 'win' ? wins + 1 : 0;
  }
  return { score, fire: wins >= 2, sheet };
}
