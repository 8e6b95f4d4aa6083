/**
 * The work the compute pool runs: a task kind -> a pure synchronous function of structured-cloneable
 * data (input and output cross a worker boundary). The worker entry runs `TASKS[kind](input)`;
 * the pool's types derive from this map, so a new kind is one entry here.
 */
import {
  analyseTurn,
  chooseSeries,
  decodeState,
  findMate,
  makeUci,
  parseUci,
  seededRandom,
  type BotLevel,
  type GameState,
  type TurnAnalysis,
} from '@progressive-chess/shared';
import { taskClock } from './task-clock.js';

export interface BotSeriesInput {
  /** The rules state (`encodeState`), the bot to move. */
  readonly state: string;
  readonly level: BotLevel;
  readonly budgetMs: number;
  /** The time its search never passes (`BotOptions.limitMs`); none: untimed. */
  readonly limitMs?: number;
  /** Seeds the bot's randomness (varied play, reproducible in tests). */
  readonly seed: number;
}

export interface FindMateInput {
  readonly state: string;
  readonly budgetMs?: number;
  readonly maxNodes?: number;
}

export interface FindMateOutput {
  readonly found: boolean;
  /** UCI moves of the mating continuation (empty when none was found). */
  readonly moves: readonly string[];
  readonly complete: boolean;
  readonly nodes: number;
}

export interface AnalysisInput {
  /** The rules state at the start of the series (`encodeState`). */
  readonly start: string;
  /** The moves the player made in it (UCI). */
  readonly moves: readonly string[];
  /** Index in the game's move list of the series' first move. */
  readonly firstMove: number;
  readonly budgetMs: number;
  readonly maxNodes?: number;
}

function fail(message: string): never {
  throw new Error(message);
}

function decoded(encoded: string): GameState {
  const res = decodeState(encoded);
  if (!res.ok) throw new Error(`bad state: ${res.error.message}`);
  return res.value;
}

/** Budgets run on the task clock: a cancelled search stops at its next look at it. */
const clock = taskClock;

export const TASKS = {
  /** The rest of the current series for the side to move, as UCI moves (`chooseSeries`). */
  'bot-series': (input: BotSeriesInput): { readonly moves: readonly string[] } => {
    const moves = chooseSeries(decoded(input.state), {
      level: input.level,
      budgetMs: input.budgetMs,
      ...(input.limitMs === undefined ? {} : { limitMs: input.limitMs }),
      now: clock,
      random: seededRandom(input.seed),
    });
    return { moves: moves.map(makeUci) };
  },
  /** A mating continuation of the current series (`findMate`). */
  'find-mate': (input: FindMateInput): FindMateOutput => {
    const r = findMate(decoded(input.state), {
      ...(input.budgetMs === undefined ? {} : { budgetMs: input.budgetMs, now: clock }),
      ...(input.maxNodes === undefined ? {} : { maxNodes: input.maxNodes }),
    });
    return { found: r.found, moves: r.found ? r.moves.map(makeUci) : [], complete: r.complete, nodes: r.nodes };
  },
  /**
   * One series of a finished game: the win available at its start, missed or played, and how fast
   * (`analyseTurn`). A game is analysed series by series, so other tasks (bot moves) interleave.
   */
  analysis: (input: AnalysisInput): TurnAnalysis => {
    const moves = input.moves.map((u) => parseUci(u) ?? fail(`bad move ${u}`));
    return analyseTurn(
      { start: decoded(input.start), firstMove: input.firstMove, moves },
      { budgetMsPerTurn: input.budgetMs, now: clock, ...(input.maxNodes === undefined ? {} : { maxNodesPerTurn: input.maxNodes }) },
    );
  },
};

/** Any map of task kinds (the pool is generic over it; TASKS is the default). */
export type TaskMap = Readonly<Record<string, (input: never) => unknown>>;
export type KindOf<T extends TaskMap> = keyof T & string;
export type InputOf<T extends TaskMap, K extends KindOf<T>> = Parameters<T[K]>[0];
export type OutputOf<T extends TaskMap, K extends KindOf<T>> = ReturnType<T[K]>;

export type Tasks = typeof TASKS;
