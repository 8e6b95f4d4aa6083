/**
 * The mate search behind findMate and the ten-turn rule's exception: a legal continuation of the
 * current series that wins at once, a proof that none exists, or "don't know" when the budget ran
 * out. `verify` replays a found series through the rules (the caller owns the rules, so that this
 * module does not depend on the state machine that asks it).
 */
import { toMove } from '../chess/position.js';
import type { Move } from '../chess/types.js';
import type { GameState } from '../rules/state.js';
import { SeriesSearch } from './search.js';
import { searchSetup } from './setup.js';
import { SetSearch } from './subsets.js';

export interface MateOptions {
  /** Give up after this many milliseconds (needs `now`). */
  readonly budgetMs?: number;
  /** Give up after this many search nodes (default 5,000,000). Without `budgetMs` the search is deterministic. */
  readonly maxNodes?: number;
  /** The clock for `budgetMs`, in milliseconds (the rules package reads no clock of its own). */
  readonly now?: () => number;
}

export type MateResult =
  | { readonly found: true; readonly moves: readonly Move[]; readonly complete: true; readonly nodes: number }
  /** complete: the search proved that no such series exists; else the budget ran out first. */
  | { readonly found: false; readonly complete: boolean; readonly nodes: number };

export const DEFAULT_MAX_NODES = 5_000_000;

/**
 * Nodes of the full search before the few-pieces phase and after each of its rounds (short mates are
 * found within them). Chosen on the 60 mates: 1000 -> 150 took their nodes from 210,648 to 197,326
 * (bench:mate; a fresh pchess, bench:mate-cold, one run: CPU median 139 -> 129 ms, p90 436 -> 385 ms).
 */
const FIRST_NODES = 150;
/**
 * The few-pieces phase: sets of up to MAX_PIECES pieces, per-set node caps of its rounds. Most
 * sets are settled within the first cap, so the rounds grow tenfold (chosen on the 60 mates,
 * bench:mate: fewer, larger rounds waste less on sets that cannot mate than many small ones;
 * with FIRST_NODES 150, a first cap of 700 rather than 1000: nodes 197,326 -> 184,935).
 */
const MAX_PIECES = 4;
const ROUNDS: readonly number[] = [700, 7000, 70_000];

/** Does playing these moves from the state win at once (the caller's replay through the rules)? */
export type WinsAtOnce = (moves: readonly Move[]) => boolean;

export function searchMate(state: GameState, opts: MateOptions, wins: WinsAtOnce): MateResult {
  if (state.outcome) return { found: false, complete: true, nodes: 0 };
  const maxNodes = opts.maxNodes ?? DEFAULT_MAX_NODES;
  const { budgetMs, now } = opts;
  const start = now && budgetMs !== undefined ? now() : 0;
  const outOfTime = now && budgetMs !== undefined ? () => now() - start >= budgetMs : () => false;
  const setup = searchSetup(state);
  const verify = (moves: readonly number[]): boolean => wins(moves.map(toMove));
  const movesLeft = setup.costs ? setup.budget - setup.spent : state.budget - state.moveIndex;
  const exact = setup.lastOnly || (!setup.endsSeries && !setup.takeAll);
  const mate = (moves: readonly number[], nodes: number): MateResult => ({ found: true, moves: moves.map(toMove), complete: true, nodes });
  const search = new SeriesSearch(setup, { maxNodes, outOfTime }, verify);
  if (exact && !setup.takeAll && movesLeft >= 5) {
    // A short full search, then rounds of the few-pieces phase (at most half of the nodes and of
    // the time), each followed by a little more of the full search (its table kept), then the rest.
    const half = now && budgetMs !== undefined ? () => now() - start >= budgetMs / 2 : () => false;
    let spent = 0;
    // made once the first full search stops short, and only with time left: late in a game it has thousands of sets
    let sets: SetSearch | null = null;
    for (let r = 0; r <= ROUNDS.length; r++) {
      search.resume({ maxNodes: Math.min(maxNodes - spent, search.nodes + FIRST_NODES), outOfTime });
      if (search.run(movesLeft) && search.found) return mate(search.found, spent + search.nodes);
      if (!search.stopped) return { found: false, complete: true, nodes: spent + search.nodes };
      const share = Math.floor(maxNodes / 2) - spent;
      if (r === ROUNDS.length || half() || share <= 0) break;
      sets ??= new SetSearch(setup, movesLeft, MAX_PIECES, verify, half);
      if (sets.open === 0) break;
      const round = sets.round(ROUNDS[r]!, { maxNodes: share, outOfTime: half });
      spent += round.nodes;
      if (round.moves) return mate(round.moves, spent + search.nodes);
    }
    search.nodes += spent;
    if (outOfTime()) return { found: false, complete: false, nodes: search.nodes };
    search.resume({ maxNodes, outOfTime });
  }
  for (let left = exact ? movesLeft : 1; left <= movesLeft; left++) {
    if (search.run(left) && search.found) return mate(search.found, search.nodes);
    if (search.stopped) return { found: false, complete: false, nodes: search.nodes };
  }
  return { found: false, complete: true, nodes: search.nodes };
}
