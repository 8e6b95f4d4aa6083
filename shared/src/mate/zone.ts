/**
 * The enemy king's zone: the squares a mate must control, and an admissible lower bound on the
 * moves (or points) the mover still needs to control them all. Used to prune (a bound above the
 * moves left proves no mate) and to order moves (a lower bound first, then more attacked squares).
 */
import { type Board, COUNT, KING_SQ, KINGS, LIST } from '../chess/board.js';
import { BISHOP, KING, KING_DELTAS, QUEEN, ROOK, ROOK_DELTAS, WHITE } from '../chess/tables.js';
import { attackDistance, FAR, kingSteps } from './bound.js';
import { coverCost, exactOneMove, oneMoveMasks, OPT_COST, OPT_MASK, OPT_START } from './cover.js';

export interface ZoneRules {
  /** The mover: WHITE or BLACK. */
  readonly us: number;
  /** Italian: an enemy king move that gives check is no escape, so its flight squares may stay open. */
  readonly lastOnly: boolean;
  /** Cost variants: points per piece code role (index 1..6); null when every move costs one. */
  readonly costs: readonly number[] | null;
  /** The opponent cannot afford a king move next turn: its flight squares need no control. */
  readonly kingStuck: boolean;
}

export interface ZoneBound {
  /** Fewest moves before every zone square is attacked. */
  moves: number;
  /** Fewest points for it (moves where every move costs one). */
  points: number;
  /** Zone squares attacked now (on an empty board), for ordering. */
  covered: number;
}

const TARGETS = new Int32Array(9);
const BEST_MOVES = new Int32Array(9);
const BEST_POINTS = new Int32Array(9);
const DIST = new Int32Array(9);
const MASKS: number[] = [];

/**
 * Italian: fewest king steps before an enemy king move could discover check on our king (and so
 * be no escape): our king on a line through the enemy king, an enemy slider on the other side.
 */
function discoverySteps(b: Board, us: number, ksq: number, ourKing: number): number {
  const them = us ^ 8;
  let best = FAR;
  for (let k = 0; k < 8; k++) {
    const d = KING_DELTAS[k]!;
    const straight = ROOK_DELTAS.includes(d);
    let slider = false;
    for (let t = ksq + d; (t & 0x88) === 0; t += d) {
      const p = b.board[t]!;
      if (p === (them | QUEEN) || p === (them | (straight ? ROOK : BISHOP))) slider = true;
    }
    if (!slider) continue;
    for (let t = ksq - d; (t & 0x88) === 0; t -= d) best = Math.min(best, kingSteps(t, ourKing));
  }
  return best;
}

/** The squares to control: the king's and, unless escapes need not be covered, its flight squares. */
function collectTargets(b: Board, z: ZoneRules, ksq: number): number {
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

/**
 * The bound for the enemy king's zone (moves = points = 0 when the enemy has no single king).
 * `limit`: the moves or points left; a bound above it may be reported as limit + 1.
 */
export function zoneBound(b: Board, z: ZoneRules, left: number, limit: number, exact: boolean, out: ZoneBound): ZoneBound {
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
  let covered = 0;
  let ourKing = -1;
  let o = 0;
  for (let i = 0; i < pieces; i++) {
    OPT_START[i] = o;
    const s = d[base + i]!;
    const code = d[s]!;
    const role = code & 7;
    const king = role === KING;
    if (king) ourKing = s;
    const unit = z.costs ? z.costs[role]! : 1;
    let farthest = 0;
    for (let j = 0; j < n; j++) {
      // A king never attacks the enemy king (they cannot stand side by side).
      const dist = king && j === 0 ? FAR : attackDistance(code, s, TARGETS[j]!, king && castle);
      if (dist < BEST_MOVES[j]!) BEST_MOVES[j] = dist;
      if (dist * unit < BEST_POINTS[j]!) BEST_POINTS[j] = dist * unit;
      if (dist === 0) covered |= 1 << j;
      DIST[j] = dist;
      if (dist < FAR && dist > farthest) farthest = dist;
    }
    if (exact) o = addOptions(role, s, n, unit, Math.min(farthest, left), o);
  }
  OPT_START[pieces] = o;
  let moves = 0;
  let points = 0;
  for (let j = 0; j < n; j++) {
    if (BEST_MOVES[j] === 0) out.covered++;
    moves = Math.max(moves, BEST_MOVES[j]!);
    points = Math.max(points, BEST_POINTS[j]!);
  }
  if (exact && points <= limit) {
    points = Math.max(points, coverCost(pieces, n, covered, limit + (castle ? 2 : 1)) - (castle ? 1 : 0));
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

/** A piece's cover options: one move to a real square (sliders, knights), else every target within d moves. */
function addOptions(role: number, s: number, n: number, unit: number, upTo: number, o: number): number {
  for (let dd = 1; dd <= upTo; dd++) {
    if (dd === 1 && exactOneMove(role)) {
      oneMoveMasks(role, s, TARGETS, n, MASKS);
      for (const mask of MASKS) {
        OPT_COST[o] = unit;
        OPT_MASK[o++] = mask;
      }
      continue;
    }
    let mask = 0;
    for (let j = 0; j < n; j++) if (DIST[j]! <= dd) mask |= 1 << j;
    OPT_COST[o] = dd * unit;
    OPT_MASK[o++] = mask;
  }
  return o;
}

/** Take-All: every enemy piece must still be captured, one per move. */
export const piecesLeft = (b: Board, us: number): number => b.board[COUNT + ((us ^ 8) >> 3)]!;
