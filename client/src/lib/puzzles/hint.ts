/**
 * Puzzle hints: the mate finder runs in a Web Worker in the browser (the rules package is already
 * part of the client and the search is pure CPU work: no server round trip, no load on the game
 * server, and the page stays responsive while it searches).
 */
import { encodeState, type GameState } from '@progressive-chess/shared';
import { workerCaller } from '../worker-call.js';

export interface HintRequest {
  readonly id: number;
  /** `encodeState` of where the series stands. */
  readonly state: string;
  readonly budgetMs: number;
}

export type HintAnswer =
  | { readonly id: number; readonly found: true; readonly moves: readonly string[] }
  /** complete: the finder proved there is no mate from here. */
  | { readonly id: number; readonly found: false; readonly complete: boolean };

const HINT_BUDGET_MS = 8000;

const call = workerCaller<Omit<HintRequest, 'id'>, HintAnswer>(
  () => new Worker(new URL('./hint-worker.ts', import.meta.url), { type: 'module' }),
  'the hint search failed',
);

/** Asks the worker (started on first use, then kept) for a mate from `state`. */
export function requestHint(state: GameState, budgetMs = HINT_BUDGET_MS): Promise<HintAnswer> {
  return call({ state: encodeState(state), budgetMs });
}
