/**
 * Puzzle hints: the mate finder runs in a Web Worker in the browser (the rules package is already
 * part of the client and the search is pure CPU work: no server round trip, no load on the game
 * server, and the page stays responsive while it searches).
 */
import { encodeState, type GameState } from '@progressive-chess/shared';

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

let worker: Worker | null = null;
let nextId = 1;

/** Asks the worker (started on first use, then kept) for a mate from `state`. */
export function requestHint(state: GameState, budgetMs = HINT_BUDGET_MS): Promise<HintAnswer> {
  worker ??= new Worker(new URL('./hint-worker.ts', import.meta.url), { type: 'module' });
  const w = worker;
  const id = nextId++;
  return new Promise((resolve, reject) => {
    const onMessage = (e: MessageEvent<HintAnswer>): void => {
      if (e.data.id !== id) return;
      w.removeEventListener('message', onMessage);
      w.removeEventListener('error', onError);
      resolve(e.data);
    };
    const onError = (e: ErrorEvent): void => {
      w.removeEventListener('message', onMessage);
      w.removeEventListener('error', onError);
      reject(new Error(e.message || 'the hint search failed'));
    };
    w.addEventListener('message', onMessage);
    w.addEventListener('error', onError);
    w.postMessage({ id, state: encodeState(state), budgetMs } satisfies HintRequest);
  });
}
