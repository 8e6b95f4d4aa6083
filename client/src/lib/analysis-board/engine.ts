/**
 * The analysis board's engine: the shared mate finder and the level-3 bot search, in a Web Worker
 * (pure CPU work on the rules package the client already holds: the page stays responsive and the
 * game server does no work for it).
 */
import { encodeState, parseUci, type GameState, type Move } from '@progressive-chess/shared';
import { workerCaller } from '../worker-call.js';

/** Time the mate finder may take from where the series stands. */
export const MATE_BUDGET_MS = 8000;
/** Time the computer's series may take (the bot's level 3, untimed play). */
export const SERIES_BUDGET_MS = 3000;

export type EngineRequest =
  | { readonly id: number; readonly kind: 'mate'; readonly state: string; readonly budgetMs: number }
  | { readonly id: number; readonly kind: 'series'; readonly state: string; readonly budgetMs: number; readonly seed: number };

export type EngineAnswer =
  | { readonly id: number; readonly kind: 'mate'; readonly found: boolean; readonly complete: boolean; readonly moves: readonly string[] }
  /** score: the evaluation after the series, for the side that plays it (pawn = 100); null: the series ends the game. */
  | { readonly id: number; readonly kind: 'series'; readonly moves: readonly string[]; readonly score: number | null }
  | { readonly id: number; readonly kind: 'error'; readonly message: string };

type Without<T> = T extends unknown ? Omit<T, 'id'> : never;

const call = workerCaller<Without<EngineRequest>, EngineAnswer>(
  () => new Worker(new URL('./engine-worker.ts', import.meta.url), { type: 'module' }),
  'the engine failed',
);

export type MateLine = { readonly found: true; readonly moves: Move[] } | { readonly found: false; readonly complete: boolean };
export interface ComputerSeries {
  readonly moves: Move[];
  readonly score: number | null;
}

const moves = (ucis: readonly string[]): Move[] => ucis.flatMap((u) => parseUci(u) ?? []);

function failed(a: EngineAnswer): never {
  throw new Error(a.kind === 'error' ? a.message : 'the engine answered something else');
}

/** Is there a mate (Take-All: a capture of everything) in what is left of this series? */
export async function findMateLine(state: GameState, budgetMs = MATE_BUDGET_MS): Promise<MateLine> {
  const a = await call({ kind: 'mate', state: encodeState(state), budgetMs });
  if (a.kind !== 'mate') failed(a);
  return a.found ? { found: true, moves: moves(a.moves) } : { found: false, complete: a.complete };
}

/** The computer's (level 3) rest of this series, with its evaluation. */
export async function computerSeries(state: GameState, seed: number, budgetMs = SERIES_BUDGET_MS): Promise<ComputerSeries> {
  const a = await call({ kind: 'series', state: encodeState(state), budgetMs, seed });
  if (a.kind !== 'series') failed(a);
  return { moves: moves(a.moves), score: a.score };
}
