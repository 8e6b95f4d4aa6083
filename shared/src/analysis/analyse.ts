/**
 * analyseGame: for every series of a game, was a winning series (mate; Take-All: capture of
 * everything) available when it started, did the player play one, and was the one played the
 * fastest. Pure and synchronous: the clock for the per-turn budget is passed in.
 */
import type { Color, Move } from '../chess/types.js';
import { makeUci } from '../chess/squares.js';
import { findMate, isWinningSeries } from '../mate/index.js';
import { seriesSan } from '../notation/series-san.js';
import type { GameRecord } from '../notation/record.js';
import type { NotationError } from '../notation/errors.js';
import { play, positionOf, VARIANTS, type GameState, type Outcome, type VariantId } from '../rules/index.js';
import { ok, type Result } from '../result.js';
import { playedTurns, type PlayedTurn } from './turns.js';

export interface AnalysisOptions {
  /** Search budget of each series, in milliseconds (needs `now`). */
  readonly budgetMsPerTurn?: number;
  /** Search nodes of each series (default: the finder's). */
  readonly maxNodesPerTurn?: number;
  readonly now?: () => number;
  /**
   * How the game ended. A last series cut short by the opponent's resignation was not a missed
   * win: the mover's series never finished (see `gameAnalysis`).
   */
  readonly outcome?: Outcome | null;
}

/** A winning series: SAN (as written in the game) and UCI. */
export interface WinningLine {
  readonly san: readonly string[];
  readonly uci: readonly string[];
}

export interface TurnAnalysis {
  readonly turn: number;
  readonly color: Color;
  /** Index in the game's move list of the series' first move. */
  readonly firstMove: number;
  /** Moves played in the series. */
  readonly played: number;
  /** A winning series available at the start of the series (the fastest the finder knows), or null. */
  readonly best: WinningLine | null;
  /** The search finished: a null `best` is then a proof that none existed. */
  readonly complete: boolean;
  /** The player's series won the game (mate, progressive mate, all captured). */
  readonly won: boolean;
  /** A win was available and the player did not take it. */
  readonly missed: boolean;
  /**
   * When `won`: no faster win existed (fewer moves, or fewer points in the cost variants) — always
   * true where the rules make a win end the full series (Italian, Escalation); null when unknown
   * (the search ran out of budget).
   */
  readonly fastest: boolean | null;
  readonly nodes: number;
}

export interface GameAnalysis {
  readonly variant: VariantId;
  readonly turns: readonly TurnAnalysis[];
  /** Every search finished (no turn's answer is a guess). */
  readonly complete: boolean;
}

/** Where a win may come before the series' last move, so a shorter one can exist. */
export function winCanEndEarly(variant: VariantId): boolean {
  const v = VARIANTS[variant];
  return v.checkRule === 'ends-series' || v.goal === 'capture-all';
}

/** Length of a series as the finder minimises it: points in cost variants, else moves. */
export function seriesLength(state: GameState, moves: readonly Move[]): number {
  const costs = VARIANTS[state.variant].costs;
  if (!costs) return moves.length;
  let s = state;
  let points = 0;
  for (const m of moves) {
    const role = m.promotion ?? positionOf(s).pieceAt(m.from)?.role;
    points += role ? costs[role] : 0;
    const r = play(s, m);
    if (!r.ok) break;
    s = r.value.state;
  }
  return points;
}

/** SAN and UCI of a series from `state`, each SAN written in the position before it. */
export function lineOf(state: GameState, moves: readonly Move[]): WinningLine {
  return { san: seriesSan(state, moves), uci: moves.map(makeUci) };
}

/** One series: the win available at its start (findMate within the budget), and what the player made of it. */
export function analyseTurn(t: Pick<PlayedTurn, 'start' | 'firstMove' | 'moves'>, opts: AnalysisOptions = {}): TurnAnalysis {
  const { start } = t;
  const won = t.moves.length > 0 && isWinningSeries(start, t.moves);
  const base = { turn: start.turn, color: start.color, firstMove: t.firstMove, played: t.moves.length, won };
  if (won && !winCanEndEarly(start.variant)) {
    const line = lineOf(start, t.moves);
    return { ...base, best: line, complete: true, missed: false, fastest: true, nodes: 0 };
  }
  const r = findMate(start, {
    ...(opts.budgetMsPerTurn !== undefined ? { budgetMs: opts.budgetMsPerTurn } : {}),
    ...(opts.maxNodesPerTurn !== undefined ? { maxNodes: opts.maxNodesPerTurn } : {}),
    ...(opts.now ? { now: opts.now } : {}),
  });
  if (!r.found) {
    // A win was played that the search did not reach: it existed, but was it the fastest?
    return { ...base, best: won ? lineOf(start, t.moves) : null, complete: r.complete, missed: false, fastest: null, nodes: r.nodes };
  }
  const best = lineOf(start, r.moves);
  const fastest = won ? seriesLength(start, t.moves) <= seriesLength(start, r.moves) : null;
  return { ...base, best, complete: true, missed: !won, fastest, nodes: r.nodes };
}

/** Analyses every series of a game record (see the module comment). */
export function analyseGame(record: GameRecord, opts: AnalysisOptions = {}): Result<GameAnalysis, NotationError> {
  const turns = playedTurns(record);
  if (!turns.ok) return turns;
  return ok(gameAnalysis(record.variant, turns.value.map((t) => analyseTurn(t, opts)), opts.outcome ?? null));
}

/**
 * The analysis of a game from the analyses of its series, in order. When the game ended with the
 * last mover winning from outside the board (the opponent resigned during or before that series),
 * the last series is not a missed win.
 */
export function gameAnalysis(variant: VariantId, turns: readonly TurnAnalysis[], outcome: Outcome | null = null): GameAnalysis {
  const last = turns.at(-1);
  const winner = outcome?.result === '1-0' ? 'white' : outcome?.result === '0-1' ? 'black' : null;
  const fixed = last?.missed && winner === last.color ? [...turns.slice(0, -1), { ...last, missed: false }] : turns;
  return { variant, turns: fixed, complete: fixed.every((a) => a.complete) };
}
