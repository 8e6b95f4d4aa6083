/**
 * Empty-board travel costs for the mate bound: how many moves (or points) a piece needs, at
 * least, to stand on a square at the end of the series, possibly promoted. Blockers, pins and
 * checks are ignored, so a count never exceeds the real one. Squares here are 0..63.
 */
import { BISHOP, KING, KNIGHT, QUEEN, ROOK, WHITE } from '../chess/tables.js';

export const FAR = 99;

export const KNIGHT_STEPS: ReadonlyArray<readonly [number, number]> = [[1, 2], [2, 1], [2, -1], [1, -2], [-1, -2], [-2, -1], [-2, 1], [-1, 2]];

/** KNIGHT_DIST[a * 64 + b]: knight moves from a to b, row a valid once KNIGHT_ROWS[a] is set. */
const KNIGHT_DIST = new Uint8Array(64 * 64);
const KNIGHT_ROWS = new Uint8Array(64);

/**
 * Knight moves from a to b (0..63). Row a of the table is made on first use: a search visits few
 * knight squares, and a fresh pchess made all 64 rows at start-up in code not yet compiled.
 */
export function knightDistance(a: number, b: number): number {
  if (KNIGHT_ROWS[a] === 0) knightRow(a);
  return KNIGHT_DIST[a * 64 + b]!;
}

/** Row a of KNIGHT_DIST, breadth first. */
function knightRow(a: number): void {
  const row = KNIGHT_DIST.subarray(a * 64, a * 64 + 64);
  row.fill(FAR);
  row[a] = 0;
  const queue = [a];
  for (let q = 0; q < queue.length; q++) {
    const s = queue[q]!;
    // Indexed loops: code not yet compiled (pchess), where for-of costs more.
    for (let k = 0; k < 8; k++) {
      const f = (s & 7) + KNIGHT_STEPS[k]![0];
      const r = (s >> 3) + KNIGHT_STEPS[k]![1];
      if (f < 0 || f > 7 || r < 0 || r > 7 || row[r * 8 + f] !== FAR) continue;
      row[r * 8 + f] = row[s]! + 1;
      queue.push(r * 8 + f);
    }
  }
  KNIGHT_ROWS[a] = 1;
}

const fileOf = (s: number): number => s & 7;
const rankOf = (s: number): number => s >> 3;
const cheb = (a: number, b: number): number => Math.max(Math.abs(fileOf(a) - fileOf(b)), Math.abs(rankOf(a) - rankOf(b)));

/**
 * Moves of a non-pawn role from a to b. `castle`: the king may still castle (it may reach its
 * castling square in one move).
 */
export function pieceMoves(role: number, a: number, b: number, castle: boolean, color: number): number {
  if (a === b) return 0;
  const df = Math.abs(fileOf(a) - fileOf(b));
  const dr = Math.abs(rankOf(a) - rankOf(b));
  switch (role) {
    case KNIGHT:
      return knightDistance(a, b);
    case BISHOP:
      if (((df + dr) & 1) !== 0) return FAR;
      return df === dr ? 1 : 2;
    case ROOK:
      return df === 0 || dr === 0 ? 1 : 2;
    case QUEEN:
      return df === 0 || dr === 0 || df === dr ? 1 : 2;
    case KING: {
      let d = Math.max(df, dr);
      if (castle) {
        const home = color === WHITE ? 0 : 56;
        d = Math.min(d, 1 + cheb(home + 6, b), 1 + cheb(home + 2, b));
      }
      return d;
    }
    default:
      return FAR;
  }
}

/**
 * Pawn steps from a to b, b not on the last rank (FAR when out of reach). Captures are assumed
 * wherever a file changes; `double`: the first step may cover two ranks.
 */
export function pawnSteps(a: number, b: number, color: number, double: boolean): number {
  const white = color === WHITE;
  const ra = white ? rankOf(a) : 7 - rankOf(a);
  const rb = white ? rankOf(b) : 7 - rankOf(b);
  const advance = rb - ra;
  const sideways = Math.abs(fileOf(a) - fileOf(b));
  if (advance < 0 || sideways > advance) return FAR;
  if (advance === 0) return 0;
  // A double step is a straight push from the second rank: it saves one move when two straight ranks remain.
  return double && ra === 1 && advance - sideways >= 2 ? advance - 1 : advance;
}

/** Roles a pawn may promote to (king promotion is ignored where it exists: a king attacks no more than a queen). */
export const PROMOTIONS: readonly number[] = [QUEEN, ROOK, BISHOP, KNIGHT];

/** The last rank square index (0..63) of file f for colour. */
export const promotionSquare = (f: number, color: number): number => (color === WHITE ? 56 + f : f);

