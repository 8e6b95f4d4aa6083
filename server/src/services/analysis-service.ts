/**
 * Analysis of finished games: computed once per game in the compute pool (series by series), then
 * served from the store's cache. Concurrent requests for one game on one node share one computation.
 */
import {
  encodeState,
  gameAnalysis,
  makeUci,
  playedTurns,
  type GameAnalysis,
  type GameAnalysisAnswer,
  type TurnAnalysis,
} from '@progressive-chess/shared';
import { ComputeError, type ComputePool } from '../compute/pool.js';
import { fail } from './errors.js';
import type { GameService } from './game-service.js';
import { recordOf } from './game-record.js';
import { SingleFlight } from './single-flight.js';
import type { Store } from '../store/store.js';

export interface AnalysisSettings {
  /** Mate search budget of each series, in milliseconds. */
  readonly budgetMsPerTurn: number;
  /** Search nodes of each series (a bound that does not depend on the machine's speed). */
  readonly maxNodesPerTurn: number;
  /** How long a computed analysis stays cached. */
  readonly cacheTtlMs: number;
  /** A whole analysis running longer than this is cancelled (a running series' worker is stopped). */
  readonly timeoutMs: number;
  /**
   * Analyses of different games computed at once on this node; one more is refused `busy` at once,
   * so that requests for many games (each up to `timeoutMs` of a worker) leave the pool to the
   * computer player's moves.
   */
  readonly maxRunning: number;
}

export const DEFAULT_ANALYSIS_SETTINGS: AnalysisSettings = {
  budgetMsPerTurn: 300,
  maxNodesPerTurn: 1_000_000,
  cacheTtlMs: 7 * 24 * 3_600_000,
  timeoutMs: 120_000,
  maxRunning: 2,
};

/** Analysis requests per client address (cached answers count too). */
export const DEFAULT_ANALYSIS_LIMIT = { points: 20, durationSec: 60 } as const;

export interface AnalysisDeps {
  readonly store: Store;
  readonly games: GameService;
  readonly compute: ComputePool;
  readonly settings: AnalysisSettings;
}

export class AnalysisService {
  private readonly flights: SingleFlight<GameAnalysis>;

  constructor(private readonly deps: AnalysisDeps) {
    this.flights = new SingleFlight((id) => this.compute(id));
  }

  /** The analysis of a finished game: `unknown-game`, `game-not-finished`, `busy` (pool full, or `maxRunning` others running) otherwise. */
  async analysis(gameId: string): Promise<GameAnalysisAnswer> {
    const cached = await this.deps.store.getAnalysis(gameId);
    if (cached !== null) return { gameId, analysis: JSON.parse(cached) as GameAnalysis, cached: true };
    if (!this.flights.has(gameId) && this.flights.size >= this.deps.settings.maxRunning) {
      fail('busy', 'the server is analysing other games; try again in a minute');
    }
    return { gameId, analysis: await this.flights.get(gameId), cached: false };
  }

  private async compute(gameId: string): Promise<GameAnalysis> {
    const { doc, record } = recordOf(await this.deps.games.load(gameId));
    if (doc.status !== 'finished') fail('game-not-finished', 'only a finished game can be analysed');
    const turns = playedTurns(record);
    if (!turns.ok) throw new Error(`stored game ${gameId} does not replay: ${turns.error.message}`);
    const { settings } = this.deps;
    const signal = AbortSignal.timeout(settings.timeoutMs);
    const analysed: TurnAnalysis[] = [];
    try {
      // One task per series, one after the other: the pool's other work (bot moves) waits at most one series.
      for (const t of turns.value) {
        const input = {
          start: encodeState(t.start),
          moves: t.moves.map(makeUci),
          firstMove: t.firstMove,
          budgetMs: settings.budgetMsPerTurn,
          maxNodes: settings.maxNodesPerTurn,
        };
        analysed.push(await this.deps.compute.run('analysis', input, { signal }));
      }
    } catch (e) {
      if (e instanceof ComputeError && e.code === 'aborted') fail('busy', 'the analysis took too long; try again later');
      throw e;
    }
    const analysis = gameAnalysis(record.variant, analysed, doc.outcome);
    await this.deps.store.putAnalysis(gameId, JSON.stringify(analysis), settings.cacheTtlMs);
    return analysis;
  }
}
