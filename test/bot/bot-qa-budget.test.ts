import { chooseSeries, newGame, play, seededRandom, VARIANT_IDS, VARIANTS, type BotLevel, type GameState } from '@progressive-chess/shared';
import { describe, expect, it } from 'vitest';

/**
 * The computer's series late in a game, where a series is long (turn 31: 31 moves; in Fibonacci
 * cost chess 1 346 269 points), within the budget the bot driver gives it (a tenth of its clock).
 * Measured in CPU time of this process, as the search's own clock, so a loaded machine does not
 * decide the outcome.
 */
const cpuMs = (): number => process.cpuUsage().user / 1000;

/** A developed middlegame, White to move. */
const MIDDLEGAME = 'r1bqkb1r/pppp1ppp/2n2n2/4p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R w KQkq - 0 1';
/** As the bot driver sets them with one second left: a tenth to think, never more than a quarter. */
const BUDGET_MS = 100;
const LIMIT_MS = 250;
/** What the limit may be overrun by (the step under way when it is reached). */
const SLACK_MS = 100;

function lateGame(variant: (typeof VARIANT_IDS)[number], turn: number): GameState {
  const g = newGame(variant, { fen: MIDDLEGAME, turn });
  if (!g.ok) throw new Error(g.error.message);
  return g.value;
}

describe('the computer late in a game, on a short clock', () => {
  it.each(VARIANT_IDS.flatMap((v) => [[v, 3], [v, 1]] as const))('%s, level %i: a turn-31 series within its time limit, legal, ending the turn (cost variants: short, the rest passed)', (variant, level: BotLevel) => {
    const state = lateGame(variant, 31);
    // warm the rules and evaluation code once (the bot's worker threads are long-lived)
    chooseSeries(lateGame(variant, 5), { level, budgetMs: BUDGET_MS, now: cpuMs, random: seededRandom(1) });
    const start = cpuMs();
    const moves = chooseSeries(state, { level, budgetMs: BUDGET_MS, limitMs: LIMIT_MS, now: cpuMs, random: seededRandom(2) });
    const spent = cpuMs() - start;
    expect(spent).toBeLessThan(LIMIT_MS + SLACK_MS);
    expect(moves.length).toBeGreaterThan(0);
    let s = state;
    let ended = false;
    for (const [i, move] of moves.entries()) {
      const r = play(s, move, state.color);
      if (!r.ok) throw new Error(`move ${i + 1}: ${r.error.code}`);
      s = r.value.state;
      ended = r.value.turnEnded;
      expect(ended && i < moves.length - 1).toBe(false);
    }
    if (VARIANTS[variant].costs === null) expect(ended).toBe(true);
    else expect(moves.length).toBeLessThan(40);
  });
});
