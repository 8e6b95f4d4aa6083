import type { GameAnalysis } from '../analysis/index.js';

/** `GET /api/games/:id/analysis`: the analysis of a finished game (computed once, then cached). */
export interface GameAnalysisAnswer {
  readonly gameId: string;
  readonly analysis: GameAnalysis;
  /** Served from the cache (false: computed for this request, or for one it waited for). */
  readonly cached: boolean;
}
