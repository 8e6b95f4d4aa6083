/**
 * The few-pieces phase of findMate: most mates are played by two to four pieces while the rest
 * stand still, and a search that may move only those pieces is tiny. Before the full search,
 * small sets of our pieces are tried, each searched with only its pieces moving (each at least
 * once), cheapest-looking first: fewest pieces, then the most slack between the king-zone bound
 * of the set (the others fixed) and the moves left (the set whose pieces get there soonest).
 * A mate found here is replayed like any other; finding none proves nothing, so the full search
 * follows.
 */
import { COUNT, LIST } from '../chess/board.js';
import { type SearchLimits, SeriesSearch, type Verify } from './search.js';
import type { SearchSetup } from './setup.js';
import { boxedSet } from './boxed.js';
import { zoneBound } from './zone.js';

/** Sets looked at between two readings of the clock (a late position has thousands of sets, each bounded once). */
const SETS_PER_CLOCK_READING = 32;
/** Nodes of a round between two readings of the clock (a set search reads it itself every 64 of its own nodes past its first 256). */
const NODES_PER_CLOCK_READING = 64;

/**
 * The sets of at most maxPieces of our pieces (0x88 squares) whose fixed-others bound fits in `left`, best
 * first; those found before `outOfTime` (then the rounds that would search them have no time either).
 */
export function candidateSets(setup: SearchSetup, left: number, maxPieces: number, outOfTime: () => boolean = () => false): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (let size = 1; size <= maxPieces; size++) out.push(...setsOfSize(setup, left, size, outOfTime));
  return out;
}

/** candidateSets of exactly `size` pieces (none when `size` exceeds `left`), most slack first. */
export function setsOfSize(setup: SearchSetup, left: number, size: number, outOfTime: () => boolean = () => false): Uint8Array[] {
  const b = setup.b;
  const d = b.board;
  const base = LIST + (setup.us << 3);
  const squares: number[] = [];
  for (let i = 0, n = d[COUNT + (setup.us >> 3)]!; i < n; i++) squares.push(d[base + i]!);
  // In square order: the piece lists are reordered by the searches that ran before (ties keep this order).
  squares.sort((x, y) => x - y);
  const out: Array<{ movers: Uint8Array; slack: number }> = [];
  if (size > left) return [];
  const bound = { moves: 0, points: 0, covered: 0 };
  const limit = setup.costs ? setup.budget - setup.spent : left;
  const movers = new Uint8Array(128);
  let picked = 0;
  let looked = 0;
  let late = false;
  const visit = (from: number): void => {
    if (late || (++looked % SETS_PER_CLOCK_READING === 0 && (late = outOfTime()))) return;
    if (picked === size) {
      // A piece of the set walled in by the others for good: the set cannot mate (boxed.ts).
      if (boxedSet(b, movers, squares)) return;
      const z = zoneBound(b, setup.zone, left, limit, true, bound, movers);
      if (z.moves <= left && z.points <= limit) out.push({ movers: movers.slice(), slack: left - z.moves });
      return;
    }
    for (let i = from; i < squares.length; i++) {
      movers[squares[i]!] = 1;
      picked++;
      visit(i + 1);
      picked--;
      movers[squares[i]!] = 0;
    }
  };
  visit(0);
  out.sort((x, y) => y.slack - x.slack);
  return out.map((x) => x.movers);
}

/**
 * The candidate sets searched in rounds: in each round every set not yet settled may add up to
 * `cap` nodes (its table kept between rounds), so one large set cannot starve the others.
 */
export class SetSearch {
  private pending: SeriesSearch[] = [];
  /** The size of the next sets to make (they are made when a round reaches them: most mates are found among smaller ones). */
  private nextSize = 1;

  constructor(
    private readonly setup: SearchSetup,
    private readonly left: number,
    private readonly maxPieces: number,
    private readonly verify: Verify,
    private readonly outOfTime: () => boolean = () => false,
  ) {}

  /** Sets not settled yet, those still to be made counted as one. */
  get open(): number {
    return this.pending.length + (this.nextSize <= Math.min(this.maxPieces, this.left) ? 1 : 0);
  }

  /** One round within `limits`; the winning moves (or null: nothing proved) and the nodes spent. */
  round(cap: number, limits: SearchLimits): { moves: number[] | null; nodes: number } {
    let nodes = 0;
    const open: SeriesSearch[] = [];
    const never: SearchLimits = { maxNodes: 0, outOfTime: () => true };
    // The clock is read again once NODES_PER_CLOCK_READING nodes were spent since its last reading, not
    // before every set: most sets are settled within a few nodes, and a reading costs more than they do.
    let clockAt = 0;
    const late = (): boolean => {
      if (nodes < clockAt) return false;
      clockAt = nodes + NODES_PER_CLOCK_READING;
      return limits.outOfTime();
    };
    for (let i = 0; ; i++) {
      while (i === this.pending.length && this.nextSize <= Math.min(this.maxPieces, this.left) && nodes < limits.maxNodes && !limits.outOfTime()) {
        const made = setsOfSize(this.setup, this.left, this.nextSize++, this.outOfTime);
        this.pending.push(...made.map((movers) => new SeriesSearch(this.setup, never, this.verify, movers)));
      }
      const search = this.pending[i];
      if (!search) break;
      if (nodes >= limits.maxNodes || late()) {
        open.push(...this.pending.slice(i));
        break;
      }
      const before = search.nodes;
      search.resume({ maxNodes: before + Math.min(cap, limits.maxNodes - nodes), outOfTime: limits.outOfTime });
      const hit = search.run(this.left);
      nodes += search.nodes - before;
      if (hit && search.found) return { moves: search.found, nodes };
      if (search.stopped) open.push(search);
    }
    this.pending = open;
    return { moves: null, nodes };
  }
}
