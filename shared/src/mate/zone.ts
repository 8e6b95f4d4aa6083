/**
 * The enemy king's zone: the squares a mate must control, and an admissible lower bound on the
 * moves (or points) the mover still needs to control them all. Used to prune (a bound above the
 * moves left proves no mate) and to order moves (a lower bound first, then more attacked squares).
 */
import { type Board, COUNT, KING_SQ, KINGS, LIST } from '../chess/board.js';
import { BISHOP, KING, KING_DELTAS, QUEEN, ROOK, WHITE } from '../chess/tables.js';
import { distanceAt, distanceTable, FAR, raySteps, UNSET } from './bound.js';
import { FinalCover, KING_BIT } from './final-cover.js';
import type { FixedPieces } from './zone-fixed.js';

export interface ZoneRules {
  /** The mover: WHITE or BLACK. */
  readonly us: number;
  /** Italian: an enemy king move that gives check is no escape, so its flight squares may stay open. */
  readonly lastOnly: boolean;
  /** Cost variants: points per piece code role (index 1..6); null when every move costs one. */
  readonly costs: readonly number[] | null;
  /** The opponent cannot afford a king move next turn: its flight squares need no control. */
  readonly kingStuck: boolean;
  /** Pawns may step two squares from their start. */
  readonly double: boolean;
}

export interface ZoneBound {
  /** Fewest moves before every zone square is attacked. */
  moves: number;
  /** Fewest points for it (moves where every move costs one). */
  points: number;
  /** Zone squares attacked now (on an empty board), for ordering. */
  covered: number;
}

export const TARGETS = new Int32Array(9);
const PENALTY = new Int32Array(16);
const BEST_MOVES = new Int32Array(9);
const BEST_POINTS = new Int32Array(9);

/**
 * Italian: fewest king steps before an enemy king move could discover check on our king (and so
 * be no escape): our king on a line through the enemy king, an enemy slider on the other side.
 */
export function discoverySteps(b: Board, us: number, ksq: number, ourKing: number): number {
  const them = us ^ 8;
  let best = FAR;
  for (let k = 0; k < 8; k++) {
    const d = KING_DELTAS[k]!;
    const slider = them | (k < 4 ? ROOK : BISHOP); // KING_DELTAS lists the four straight steps first
    for (let t = ksq + d; (t & 0x88) === 0; t += d) {
      const p = b.board[t]!;
      if (p === (them | QUEEN) || p === slider) {
        best = Math.min(best, raySteps(k, ksq, ourKing));
        break;
      }
    }
  }
  return best;
}

/** The squares to control: the king's and, unless escapes need not be covered, its flight squares. */
export function collectTargets(b: Board, z: ZoneRules, ksq: number): number {
  const them = z.us ^ 8;
  TARGETS[0] = ksq;
  let n = 1;
  if (z.kingStuck) return n;
  for (let k = 0; k < 8; k++) {
    const t = ksq + KING_DELTAS[k]!;
    if ((t & 0x88) !== 0) continue;
    const p = b.board[t]!;
    if (p !== 0 && (p & 8) === them) continue;
    TARGETS[n++] = t;
  }
  return n;
}

/** The cover search of the current enemy king square and price list (one per search, the king stays put). */
const covers: FinalCover[] = [];
export const ONES: readonly number[] = [0, 1, 1, 1, 1, 1, 1];

/** The cover search for the enemy king on ksq (0x88), prices per role (ONES: moves), pawn double steps or not. */
export function coverFor(ksq: number, units: readonly number[], double: boolean): FinalCover {
  const k = sq64(ksq);
  for (let i = 0; i < covers.length; i++) {
    const c = covers[i]!;
    if (c.ksq === k && c.units === units && c.double === double) return c;
  }
  const made = new FinalCover(k, units, double);
  if (covers.length >= 4) covers.shift();
  covers.push(made);
  return made;
}

export const sq64 = (s: number): number => (s >> 4) * 8 + (s & 7);

/** The zone bits (see final-cover.ts) still to be attacked: the king's, and its flights unless they need no control. */
export function liveBits(b: Board, z: ZoneRules, fc: FinalCover): number {
  if (z.kingStuck) return KING_BIT;
  const them = z.us ^ 8;
  let live = KING_BIT;
  for (let bit = 0; bit < 9; bit++) {
    const t = fc.zoneSquare(bit);
    if (t < 0 || bit === 4) continue;
    const p = b.board[t + (t & ~7)]!;
    if (p === 0 || (p & 8) !== them) live |= 1 << bit;
  }
  return live;
}

/**
 * The bound for the enemy king's zone (moves = points = 0 when the enemy has no single king).
 * `limit`: the moves or points left; a bound above it may be reported as limit + 1. `exact`:
 * also solve the final-square cover (final-cover.ts), else only the per-square minimum.
 */
export function zoneBound(
  b: Board, z: ZoneRules, left: number, limit: number, exact: boolean, out: ZoneBound, movers: Uint8Array | null = null,
  fixed: FixedPieces | null = null,
): ZoneBound {
  const them = z.us ^ 8;
  const d = b.board;
  out.moves = 0;
  out.points = 0;
  out.covered = 0;
  if (d[KINGS + (them >> 3)] !== 1) return out;
  const ksq = d[KING_SQ + (them >> 3)]!;
  const n = collectTargets(b, z, ksq);
  BEST_MOVES.fill(FAR, 0, n);
  BEST_POINTS.fill(FAR * 100, 0, n);
  const castle = (b.castling & (z.us === WHITE ? 3 : 12)) !== 0;
  const base = LIST + (z.us << 3);
  const pieces = d[COUNT + (z.us >> 3)]!;
  let ourKing = -1;
  for (let i = 0; i < pieces; i++) {
    const s = d[base + i]!;
    const code = d[s]!;
    const role = code & 7;
    const king = role === KING;
    if (king) ourKing = s;
    // One of `fixed`: its part is added below.
    if (fixed && fixed.at[s] === 1) continue;
    const unit = z.costs ? z.costs[role]! : 1;
    const kc = king && castle;
    const table = distanceTable(code, kc);
    const still = movers !== null && movers[s] === 0;
    for (let j = 0; j < n; j++) {
      // A king never attacks the enemy king (they cannot stand side by side).
      let dist = king && j === 0 ? FAR : table[s * 128 + TARGETS[j]!]!;
      if (dist === UNSET) dist = distanceAt(table, code, kc, s, TARGETS[j]!);
      if (still && dist > 0) dist = FAR;
      if (dist < BEST_MOVES[j]!) BEST_MOVES[j] = dist;
      if (dist * unit < BEST_POINTS[j]!) BEST_POINTS[j] = dist * unit;
    }
  }
  if (fixed) {
    for (let j = 0; j < n; j++) {
      if (fixed.hit[TARGETS[j]!] === 1) BEST_MOVES[j] = BEST_POINTS[j] = 0;
      else if (fixed.farPoints < BEST_POINTS[j]!) BEST_POINTS[j] = fixed.farPoints;
    }
  }
  let moves = 0;
  let points = 0;
  for (let j = 0; j < n; j++) {
    if (BEST_MOVES[j] === 0) out.covered++;
    moves = Math.max(moves, BEST_MOVES[j]!);
    points = Math.max(points, BEST_POINTS[j]!);
  }
  if (exact && points <= limit) {
    const fc = coverFor(ksq, z.costs ?? ONES, z.double);
    let live = liveBits(b, z, fc);
    // The pieces of `fixed` attack their zone bits for nothing (a cover may always take a stay option,
    // which costs nothing): the cover is asked of the others, for the bits they leave.
    if (fixed) live &= ~fixedMask(b, fc, fixed, live);
    const lists = fc.listsFor(pieces);
    // Castling moves the rook too, for the king's price: the cover may count the rook's move twice.
    const slack = castle ? (z.costs ? z.costs[ROOK]! : 1) : 0;
    const lim = limit + slack;
    // The cover's answer depends on the pieces' lists and dues alone (and the live bits): the memo key
    // adds a term per list id and due, so pieces on other squares with equal lists share an entry.
    fc.trim();
    let lo = Math.imul(live, 0x9e3779b1);
    let hi = Math.imul(live, 0x85ebca6b);
    // Only the pieces that may take part in a cover within the limit (an option that cheap, or a
    // move they must make) are handed to the cover search and keyed: the others change nothing in
    // its answer, and leaving them out lets positions that differ only there share a memo entry.
    let count = 0;
    for (let i = 0; i < pieces; i++) {
      const s = d[base + i]!;
      const code = d[s]!;
      // A piece that may not move (movers) keeps its attacks from where it stands.
      const still = movers !== null && movers[s] === 0;
      if (fixed && fixed.at[s] === 1) continue;
      // A mover that has not moved yet (marked 1) must move: it cannot stay.
      const must = movers !== null && movers[s] === 1;
      const id = still ? fc.stayId(code, sq64(s), live) : fc.optionsId(code, sq64(s), live, (code & 7) === KING && castle, must);
      const opts = fc.list(id);
      if (!must && (opts.length === 0 || opts[0]! >> 9 > lim)) continue;
      const due = must ? (z.costs ? z.costs[code & 7]! : 1) : 0;
      // A sum, not an exclusive or: two pieces with equal lists must not cancel out.
      const term = id * 1024 + due;
      lo = (lo + mix(term, 0x2c1b3c6d)) | 0;
      hi = (hi + mix(term, 0x297a2d39)) | 0;
      PENALTY[count] = due;
      lists[count++] = opts;
    }
    const key = (hi & 0x1fffff) * 4294967296 + (lo >>> 0);
    points = Math.max(points, fc.coverMemo(key, lists, count, live, lim, PENALTY) - slack);
    if (!z.costs) moves = points;
  }
  if (z.lastOnly && ourKing >= 0 && (points > BEST_POINTS[0]! || moves > BEST_MOVES[0]!)) {
    // Or the flights stay open and our king walks to where an enemy king move would discover check.
    const steps = discoverySteps(b, z.us, ksq, ourKing) - (castle ? 1 : 0);
    if (steps < FAR - 1) {
      moves = Math.min(moves, steps + BEST_MOVES[0]!);
      points = Math.min(points, steps * (z.costs ? z.costs[KING]! : 1) + BEST_POINTS[0]!);
    }
  }
  out.moves = moves;
  out.points = points;
  return out;
}

/** A 32-bit mix of x (murmur3's finaliser, seeded): the memo key's term of a list. */
export function mix(x: number, seed: number): number {
  let h = Math.imul(x ^ seed, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}

/** The zone bits of `live` that the pieces of `fixed` attack from where they stand (kept per `live`). */
export function fixedMask(b: Board, fc: FinalCover, fixed: FixedPieces, live: number): number {
  if (fixed.live === live) return fixed.mask;
  let mask = 0;
  for (const s of fixed.squares) mask |= fc.stay(b.board[s]!, sq64(s), live)[0] ?? 0;
  fixed.live = live;
  fixed.mask = mask;
  return mask;
}

/** Take-All: every enemy piece must still be captured, one per move. */
export const piecesLeft = (b: Board, us: number): number => b.board[COUNT + ((us ^ 8) >> 3)]!;
