import { encodeState, fen, isWinningSeries, makeUci, nearCopyKey, newGame, parseUci, type GameState, type Move, type PlayedTurn, type TurnAnalysis } from '@progressive-chess/shared';
import { setTimeout as sleep } from 'node:timers/promises';
import { ComputeError, type ComputePool } from '../compute/pool.js';
import type { AnalysisInput } from '../compute/tasks.js';
import type { GameDoc } from '../services/game-doc.js';
import type { PuzzleCandidate } from './puzzle-repo.js';

/** How much search mining one archived game may take (compute pool work, off the event loop). */
export interface MiningBudget {
  /** Search nodes of each series (a bound that does not depend on the machine's speed). */
  readonly maxNodesPerSeries: number;
  /** Milliseconds of search of each series. */
  readonly msPerSeries: number;
  /** The whole game's mining is cancelled past this (the puzzles found so far are kept). */
  readonly msPerGame: number;
}

export const DEFAULT_MINING_BUDGET: MiningBudget = { maxNodesPerSeries: 60_000, msPerSeries: 150, msPerGame: 5_000 };

/** A mate is a fair puzzle when it is this many moves at most (and more than one: a one-move mate is no puzzle). */
export const PUZZLE_MAX_MOVES = 8;
export const PUZZLE_MIN_MOVES = 2;

export interface MinedGame {
  readonly candidates: PuzzleCandidate[];
  /** Series searched, search nodes, and whether the game's budget ran out first. */
  readonly series: number;
  readonly nodes: number;
  readonly cut: boolean;
}

/** Waits between tries while the compute pool is full (its other work, the computer's moves, goes first). */
const BUSY_RETRY_MS = 250;

/** One series' analysis in the pool, tried again while the pool is busy; null once `stop` aborts. */
async function analysed(compute: ComputePool, input: AnalysisInput, stop: AbortSignal): Promise<TurnAnalysis | null> {
  for (;;) {
    try {
      return await compute.run('analysis', input, { signal: stop });
    } catch (e) {
      if (stop.aborted) return null;
      if (!(e instanceof ComputeError && e.code === 'busy')) throw e;
    }
    try {
      await sleep(BUSY_RETRY_MS, undefined, { signal: stop });
    } catch {
      return null;
    }
  }
}

/**
 * Whether the mate holds from the position as a puzzle reads it back (its FEN and turn): a rules
 * state carries what a FEN does not (English: the pieces moved in the current cycle), and the
 * puzzle is played from the FEN.
 */
function solvableFromFen(start: GameState, uci: readonly string[]): boolean {
  const s = newGame(start.variant, { fen: fen(start), turn: start.turn });
  const moves = uci.map((u) => parseUci(u));
  return s.ok && moves.every((m) => m !== undefined) && isWinningSeries(s.value, moves as Move[]);
}

/** The puzzle of one analysed series, when it had a fair mate (missed or played). */
export function candidateOf(doc: Pick<GameDoc, 'id' | 'variant'>, turn: PlayedTurn, previous: PlayedTurn | undefined, a: TurnAnalysis): PuzzleCandidate | null {
  const best = a.best;
  if (best === null || best.uci.length < PUZZLE_MIN_MOVES || best.uci.length > PUZZLE_MAX_MOVES) return null;
  if (!solvableFromFen(turn.start, best.uci)) return null;
  const opponent = previous !== undefined && previous.moves.length > 0 && previous.start.color !== turn.start.color ? previous : undefined;
  return {
    variant: doc.variant,
    fen: fen(turn.start),
    turn: turn.start.turn,
    color: turn.start.color,
    nearKey: nearCopyKey(turn.start),
    solution: best.uci,
    origin: a.won ? 'played' : 'missed',
    gameId: doc.id,
    context: opponent ? { fen: fen(opponent.start), turn: opponent.start.turn, moves: opponent.moves.map(makeUci) } : null,
  };
}

/**
 * Searches each series of a finished game for a mate at its start (the shared mate finder, as the
 * game analysis does, one compute task per series so other work interleaves), and returns the fair
 * ones as puzzle candidates. Series that cannot hold a fair mate (turn 1) are not searched.
 */
export async function mineGame(doc: Pick<GameDoc, 'id' | 'variant'>, turns: readonly PlayedTurn[], compute: ComputePool, budget: MiningBudget, signal?: AbortSignal): Promise<MinedGame> {
  const timeout = AbortSignal.timeout(budget.msPerGame);
  const stop = signal ? AbortSignal.any([signal, timeout]) : timeout;
  const candidates: PuzzleCandidate[] = [];
  let series = 0;
  let nodes = 0;
  for (const [i, t] of turns.entries()) {
    if (t.start.turn < 2) continue;
    if (stop.aborted) return { candidates, series, nodes, cut: true };
    const input = { start: encodeState(t.start), moves: t.moves.map(makeUci), firstMove: t.firstMove, budgetMs: budget.msPerSeries, maxNodes: budget.maxNodesPerSeries };
    const a = await analysed(compute, input, stop);
    if (a === null) return { candidates, series, nodes, cut: true };
    series++;
    nodes += a.nodes;
    const c = candidateOf(doc, t, turns[i - 1], a);
    if (c) candidates.push(c);
  }
  return { candidates, series, nodes, cut: false };
}
