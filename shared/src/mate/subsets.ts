/**
 * The few-pieces phase of findMate: most mates are played by two to four pieces while the rest
 * stand still, and a search that may move only those pieces is tiny. Before the full search,
 * small sets of our pieces are tried, each searched with only its pieces moving (each at least
 * once), cheapest-looking first: fewest pieces, then the least slack between the king-zone bound
 * of the set (the others fixed) and the moves left. A mate found here is replayed like any
 * other; finding none proves nothing, so the full search follows.
 */
import { COUNT, LIST } from '../chess/board.js';
import { type SearchLimits, SeriesSearch, type Verify } from './search.js';
import type { SearchSetup } from './setup.js';
import { zoneBound } from './zone.js';

export interface SubsetPlan {
  /** Largest set tried. */
  readonly maxPieces: number;
  /** Nodes for one set's search. */
  readonly nodesPerSet: number;
}

/** The sets of at most maxPieces of our pieces (0x88 squares) whose fixed-others bound fits in `left`, best first. */
export function candidateSets(setup: SearchSetup, left: number, maxPieces: number): Uint8Array[] {
  const b = setup.b;
  const d = b.board;
  const base = LIST + (setup.us << 3);
  const squares: number[] = [];
  for (let i = 0, n = d[COUNT + (setup.us >> 3)]!; i < n; i++) squares.push(d[base + i]!);
  const out: Array<{ movers: Uint8Array; size: number; slack: number }> = [];
  const bound = { moves: 0, points: 0, covered: 0 };
  const limit = setup.costs ? setup.budget - setup.spent : left;
  const pick: number[] = [];
  const visit = (from: number): void => {
    if (pick.length > 0) {
      const movers = new Uint8Array(128);
      for (const s of pick) movers[s] = 1;
      const z = zoneBound(b, setup.zone, left, limit, true, bound, movers);
      if (z.moves <= left && z.points <= limit) out.push({ movers, size: pick.length, slack: left - z.moves });
    }
    if (pick.length >= maxPieces || pick.length >= left) return;
    for (let i = from; i < squares.length; i++) {
      pick.push(squares[i]!);
      visit(i + 1);
      pick.pop();
    }
  };
  visit(0);
  out.sort((x, y) => x.size - y.size || x.slack - y.slack);
  return out.map((x) => x.movers);
}

/** Searches the candidate sets in turn; the winning moves, or null (nothing proved). */
export function searchSets(
  setup: SearchSetup, left: number, plan: SubsetPlan, limits: SearchLimits, verify: Verify,
): { moves: number[] | null; nodes: number } {
  let nodes = 0;
  for (const movers of candidateSets(setup, left, plan.maxPieces)) {
    const budget = Math.min(plan.nodesPerSet, limits.maxNodes - nodes);
    if (budget <= 0) break;
    const search = new SeriesSearch(setup, { maxNodes: budget, outOfTime: limits.outOfTime }, verify, movers);
    const hit = search.run(left);
    nodes += search.nodes;
    if (hit && search.found) return { moves: search.found, nodes };
    if (search.stopped && limits.outOfTime()) break;
  }
  return { moves: null, nodes };
}
