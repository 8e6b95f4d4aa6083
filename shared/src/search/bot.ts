/**
 * The computer player's choice of a series (the rest of the current turn), pure and synchronous:
 * a mate when the finder sees one; otherwise a beam search over the series guided by `evaluate`,
 * where the best finishing candidates are checked, within budget, for a mate they would leave
 * the opponent in its next series. Levels differ in search budget, beam width and care.
 */
import type { Move } from '../chess/index.js';
import { findMate } from '../mate/find-mate.js';
import { legalMoves } from '../rules/query.js';
import { play } from '../rules/game.js';
import type { GameState } from '../rules/state.js';
import { VARIANTS } from '../rules/variants.js';
import { DEFAULT_WEIGHTS, evaluate, type EvalWeights } from './evaluate.js';

export type BotLevel = 1 | 2 | 3;

export interface BotOptions {
  readonly level: BotLevel;
  /** Milliseconds the whole choice may take (shared by the mate searches); needs `now`. */
  readonly budgetMs: number;
  readonly now: () => number;
  /** Uniform in [0, 1): breaks ties and varies play (the caller seeds it). */
  readonly random: () => number;
}

interface LevelPlan {
  /** Partial series kept at each step. */
  readonly beam: number;
  /** Finishing candidates checked for the opponent's mate. */
  readonly safetyChecks: number;
  /** Share of the budget for our own mate search. */
  readonly mateShare: number;
  readonly weights: EvalWeights;
  /** Random noise added to every score (weaker levels blunder more). */
  readonly noise: number;
}

const PLANS: Readonly<Record<BotLevel, LevelPlan>> = {
  1: { beam: 1, safetyChecks: 0, mateShare: 0.1, weights: { hanging: 0.2, kingZone: 0, mobility: 0 }, noise: 200 },
  2: { beam: 2, safetyChecks: 2, mateShare: 0.4, weights: DEFAULT_WEIGHTS, noise: 30 },
  3: { beam: 4, safetyChecks: 6, mateShare: 0.4, weights: DEFAULT_WEIGHTS, noise: 5 },
};

interface Line {
  readonly moves: readonly Move[];
  readonly state: GameState;
  readonly done: boolean;
  readonly score: number;
}

/** Each line extended by every allowed move, scored after the move (the mover's view). */
function extend(lines: readonly Line[], mover: GameState['color'], royal: boolean, plan: LevelPlan, random: () => number): Line[] {
  const out: Line[] = [];
  for (const line of lines) {
    if (line.done) {
      out.push(line);
      continue;
    }
    for (const move of legalMoves(line.state)) {
      const r = play(line.state, move, mover);
      if (!r.ok) continue;
      const next = r.value;
      const won = next.outcome !== null && next.outcome.result === (mover === 'white' ? '1-0' : '0-1');
      const lost = next.outcome !== null && !won;
      const score = won ? 1e6 : lost ? (next.outcome?.result === '1/2-1/2' ? -5e3 : -1e6) :
        evaluate(next.state.board, mover, royal, plan.weights) + (random() - 0.5) * plan.noise;
      out.push({ moves: [...line.moves, move], state: next.state, done: next.turnEnded, score });
    }
  }
  return out;
}

/** The series to play from `state` (empty only when the game is over or nothing is legal). */
export function chooseSeries(state: GameState, opts: BotOptions): Move[] {
  if (state.outcome) return [];
  const plan = PLANS[opts.level];
  const start = opts.now();
  const left = (): number => Math.max(1, opts.budgetMs - (opts.now() - start));
  const mate = findMate(state, { budgetMs: opts.budgetMs * plan.mateShare, now: opts.now, maxNodes: 2_000_000 });
  if (mate.found) return [...mate.moves];
  const mover = state.color;
  const royal = VARIANTS[state.variant].moveRules.royalKing;
  let lines: Line[] = [{ moves: [], state, done: false, score: 0 }];
  while (lines.some((l) => !l.done)) {
    const next = extend(lines, mover, royal, plan, opts.random);
    if (next.length === 0) break;
    next.sort((a, b) => b.score - a.score);
    lines = next.slice(0, Math.max(plan.beam, plan.safetyChecks));
  }
  const finished = lines.filter((l) => l.done).sort((a, b) => b.score - a.score);
  if (finished.length === 0) return [...(lines[0]?.moves ?? [])];
  // Care: skip finishing candidates after which the opponent has a mate (as far as the budget lets us see).
  const checks = finished.slice(0, plan.safetyChecks);
  for (const [i, line] of checks.entries()) {
    if (line.state.outcome) return [...line.moves];
    const share = left() / (checks.length - i);
    const reply = findMate(line.state, { budgetMs: share, now: opts.now, maxNodes: 500_000 });
    if (!reply.found) return [...line.moves];
  }
  return [...finished[0]!.moves];
}
