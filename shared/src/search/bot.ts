/**
 * The computer player's choice of a series (the rest of the current turn), pure and synchronous:
 * a mate when the finder sees one; otherwise a beam search over the series guided by `evaluate`,
 * where the best finishing candidates are checked, within budget, for a mate they would leave
 * the opponent in its next series. Levels differ in search budget, beam width and care.
 */
import type { Move } from '../chess/index.js';
import { findMate } from '../mate/find-mate.js';
import { legalMoves } from '../rules/query.js';
import { endTurn, play } from '../rules/game.js';
import type { GameState } from '../rules/state.js';
import { VARIANTS } from '../rules/variants.js';
import { DEFAULT_WEIGHTS, evaluate, type EvalWeights } from './evaluate.js';

import type { BotLevel } from './levels.js';

export type { BotLevel };

export interface BotOptions {
  readonly level: BotLevel;
  /** Milliseconds the whole choice may take (shared by the mate searches); needs `now`. */
  readonly budgetMs: number;
  /**
   * The time the choice must never pass, past the budget (the clock's safety: a share of the time
   * left); from then on the series is finished with the first allowed moves. None: an untimed
   * choice, which finishes a long series greedily however late (a busy machine spends the budget
   * before the search has done its work, and hurried first moves would be absurd).
   */
  readonly limitMs?: number;
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

/**
 * How a step of the series is chosen: the level's plan (beam, full evaluation) while its share of
 * the budget lasts; then `quick`, one line on material and hanging pieces; past the limit (if any),
 * `rush`, the first allowed move. In the cost variants a line stops there instead, once it has a
 * move (the rest of its points is passed: a Fibonacci turn has thousands). A late series is long (turn 31 has 31 moves) and one step of the
 * plan evaluates every move of every line, so the whole series would otherwise take seconds of a
 * clock that gave it a tenth of a second.
 */
type Pace = 'plan' | 'quick' | 'rush';

/** Share of the budget (from the start of the choice) for the plan; the rest is for the care checks. */
const PLAN_SHARE = 0.75;

/** `line` extended by `move`, scored after the move (the mover's view); null when the rules refuse it. */
function child(line: Line, move: Move, mover: GameState['color'], score: (s: GameState) => number): Line | null {
  const r = play(line.state, move, mover, { lookahead: true });
  if (!r.ok) return null;
  const next = r.value;
  const won = next.outcome !== null && next.outcome.result === (mover === 'white' ? '1-0' : '0-1');
  const lost = next.outcome !== null && !won;
  const value = won ? 1e6 : lost ? (next.outcome?.result === '1/2-1/2' ? -5e3 : -1e6) : score(next.state);
  return { moves: [...line.moves, move], state: next.state, done: next.turnEnded, score: value };
}

/** Cost variants: `line` ended by passing the rest of its points; null when it may not pass (no move yet). */
function passed(line: Line): Line | null {
  const r = endTurn(line.state, undefined, { lookahead: true });
  return r.ok ? { ...line, state: r.value.state, done: true } : null;
}

/** What every step of one choice shares. */
interface Search {
  readonly mover: GameState['color'];
  /** The king is royal (every variant but Take-All). */
  readonly royal: boolean;
  /** A cost variant: the rest of a turn may be passed. */
  readonly canPass: boolean;
  readonly plan: LevelPlan;
  readonly random: () => number;
  readonly pace: () => Pace;
}

/**
 * Each line extended by every allowed move (`rush`: by its first one; a cost line with a move is
 * passed instead outside the plan), best lines first; a line reached once the pace has fallen
 * behind `at` is left out (the lines before it are better).
 */
function extend(lines: readonly Line[], at: Pace, search: Search): Line[] {
  const { mover, royal, plan, random } = search;
  const weights = at === 'plan' ? plan.weights : { ...plan.weights, kingZone: 0, mobility: 0 };
  const score = (s: GameState): number => evaluate(s.board, mover, royal, weights) + (random() - 0.5) * plan.noise;
  const out: Line[] = [];
  for (const [i, line] of lines.entries()) {
    const stop = line.done ? line : at !== 'plan' && search.canPass ? passed(line) : null;
    if (stop !== null) {
      out.push(stop);
      continue;
    }
    if (i > 0 && search.pace() !== at) continue;
    for (const move of legalMoves(line.state)) {
      const next = child(line, move, mover, score);
      if (next === null) continue;
      out.push(next);
      if (at === 'rush') break;
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
  const variant = VARIANTS[state.variant];
  const pace = (): Pace => {
    const spent = opts.now() - start;
    return spent < opts.budgetMs * PLAN_SHARE ? 'plan' : opts.limitMs === undefined || spent < opts.limitMs ? 'quick' : 'rush';
  };
  const search: Search = { mover: state.color, royal: variant.moveRules.royalKing, canPass: variant.costs !== null, plan, random: opts.random, pace };
  let lines: Line[] = [{ moves: [], state, done: false, score: 0 }];
  while (lines.some((l) => !l.done)) {
    const at = pace();
    const next = extend(lines, at, search);
    if (next.length === 0) break;
    next.sort((a, b) => b.score - a.score);
    lines = next.slice(0, at === 'plan' ? Math.max(plan.beam, plan.safetyChecks) : 1);
  }
  const finished = lines.filter((l) => l.done).sort((a, b) => b.score - a.score);
  if (finished.length === 0) return [...(lines[0]?.moves ?? [])];
  // Care: skip finishing candidates after which the opponent has a mate (as far as the budget lets us see;
  // a check costs some milliseconds however small its budget, so none starts once the budget is spent).
  const checks = finished.slice(0, plan.safetyChecks);
  for (const [i, line] of checks.entries()) {
    if (line.state.outcome || opts.now() - start >= opts.budgetMs) return [...line.moves];
    const share = left() / (checks.length - i);
    const reply = findMate(line.state, { budgetMs: share, now: opts.now, maxNodes: 500_000 });
    if (!reply.found) return [...line.moves];
  }
  return [...finished[0]!.moves];
}
