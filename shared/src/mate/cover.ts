/**
 * The cover problem behind the king-zone bound: every target square must end up attacked, each
 * piece picks one option (a cost and the targets it could attack for that cost, a superset of the
 * truth), and one move moves one piece. The cheapest choice is a lower bound on the moves (or
 * points) the mover needs. Targets are bits of a mask (at most 9).
 */
import { BISHOP_DELTAS, KING, KNIGHT, KNIGHT_DELTAS, QUEEN, ROOK, ROOK_DELTAS, BISHOP } from '../chess/tables.js';

const MAX_OPTIONS = 16 * 40;
/** Options, grouped by piece: OPT_START[p] .. OPT_START[p + 1]. */
export const OPT_COST = new Int32Array(MAX_OPTIONS);
export const OPT_MASK = new Int32Array(MAX_OPTIONS);
export const OPT_START = new Int32Array(17);
const DP = new Int32Array(512);
const NEXT = new Int32Array(512);
const INF = 1 << 20;

/** The bits of mask at the positions set in `keep`, packed to the low end. */
function pack(mask: number, keep: number, n: number): number {
  let out = 0;
  let bit = 0;
  for (let j = 0; j < n; j++) {
    if (((keep >> j) & 1) === 0) continue;
    if ((mask >> j) & 1) out |= 1 << bit;
    bit++;
  }
  return out;
}

/** Cheapest total cost covering every one of n targets, starting from the targets covered for free; > limit means "above limit". */
export function coverCost(pieces: number, n: number, start: number, limit: number): number {
  const open = ((1 << n) - 1) & ~start;
  if (open === 0) return 0;
  let bits = 0;
  for (let j = 0; j < n; j++) if ((open >> j) & 1) bits++;
  const full = (1 << bits) - 1;
  for (let o = 0, end = OPT_START[pieces]!; o < end; o++) OPT_MASK[o] = pack(OPT_MASK[o]!, open, n);
  DP.fill(INF, 0, full + 1);
  DP[0] = 0;
  for (let p = 0; p < pieces; p++) {
    const from = OPT_START[p]!;
    const to = OPT_START[p + 1]!;
    if (from === to) continue;
    NEXT.set(DP.subarray(0, full + 1));
    for (let mask = 0; mask < full; mask++) {
      const base = DP[mask]!;
      if (base >= limit) continue;
      for (let o = from; o < to; o++) {
        const c = base + OPT_COST[o]!;
        if (c > limit) continue;
        const cover = mask | OPT_MASK[o]!;
        if (c < NEXT[cover]!) NEXT[cover] = c;
      }
    }
    DP.set(NEXT.subarray(0, full + 1));
  }
  return DP[full]!;
}

/** Empty-board attack of a piece role standing on s (0x88) on t. */
function attacks(role: number, s: number, t: number): boolean {
  const df = (t & 7) - (s & 7);
  const dr = (t >> 4) - (s >> 4);
  if (df === 0 && dr === 0) return false;
  const adf = Math.abs(df);
  const adr = Math.abs(dr);
  if (role === KNIGHT) return (adf === 1 && adr === 2) || (adf === 2 && adr === 1);
  const straight = df === 0 || dr === 0;
  const diagonal = adf === adr;
  if (role === ROOK) return straight;
  if (role === BISHOP) return diagonal;
  return straight || diagonal;
}

/** The targets (bits) a piece of this role could attack after one move from s, one mask per reachable square (empty board). */
export function oneMoveMasks(role: number, s: number, targets: Int32Array, n: number, out: number[]): void {
  out.length = 0;
  const add = (t: number): void => {
    let mask = 0;
    for (let j = 0; j < n; j++) if (attacks(role, t, targets[j]!)) mask |= 1 << j;
    if (mask !== 0 && !out.includes(mask)) out.push(mask);
  };
  if (role === KNIGHT) {
    for (const d of KNIGHT_DELTAS) if (((s + d) & 0x88) === 0) add(s + d);
    return;
  }
  const dirs = role === ROOK ? ROOK_DELTAS : role === BISHOP ? BISHOP_DELTAS : [...ROOK_DELTAS, ...BISHOP_DELTAS];
  for (const d of dirs) for (let t = s + d; (t & 0x88) === 0; t += d) add(t);
}

export const exactOneMove = (role: number): boolean => role === KNIGHT || role === BISHOP || role === ROOK || role === QUEEN;
export const isKing = (role: number): boolean => role === KING;
