/**
 * Admissible distances for the mate search: how many moves a piece needs, at least, before it
 * attacks a square, on an empty board (blockers, pins and the opponent ignored, so the count
 * never exceeds the real one). Squares are 0x88 indices, as on the internal board.
 */
import { BISHOP, KING, KING_DELTAS, KNIGHT, PAWN, QUEEN, ROOK, WHITE } from '../chess/tables.js';
import { FAR, KNIGHT_STEPS, knightDistance } from './reach.js';

export { FAR };

/** Knight moves from a (0..63) to a square attacking t (0..63): distanceTable keeps the answers, row by row. */
function knightToAttack(a: number, t: number): number {
  let best = FAR;
  for (let k = 0; k < 8; k++) {
    const f = (t & 7) + KNIGHT_STEPS[k]![0];
    const r = (t >> 3) + KNIGHT_STEPS[k]![1];
    if (f >= 0 && f <= 7 && r >= 0 && r <= 7) best = Math.min(best, knightDistance(a, r * 8 + f));
  }
  return best;
}

const sq64 = (s: number): number => (s >> 4) * 8 + (s & 7);

function pawnDistance(s: number, t: number, color: number): number {
  const white = color === WHITE;
  const rank = white ? s >> 4 : 7 - (s >> 4);
  const file = s & 7;
  const start = rank === 1;
  // Promotion: the new piece may attack at once (queen or knight), so only the steps to the last rank count.
  let best = 6 - rank + (start ? 0 : 1);
  const attackRank = (white ? t >> 4 : 7 - (t >> 4)) - 1;
  const advance = attackRank - rank;
  if (advance < 0) return best;
  for (const df of [-1, 1]) {
    const f = (t & 7) + df;
    if (f < 0 || f > 7) continue;
    const sideways = Math.abs(f - file);
    if (sideways > advance) continue;
    const pushes = advance - sideways;
    best = Math.min(best, sideways + pushes - (start && pushes >= 2 ? 1 : 0));
  }
  return best;
}

/** Is t on a line from s (rook lines when `straight`, bishop lines otherwise)? */
function aligned(s: number, t: number, straight: boolean): boolean {
  const df = (t & 7) - (s & 7);
  const dr = (t >> 4) - (s >> 4);
  if (df === 0 && dr === 0) return false;
  return straight ? df === 0 || dr === 0 : Math.abs(df) === Math.abs(dr);
}

const squareColor = (s: number): number => ((s >> 4) + s) & 1;

/** One entry of distanceTable, computed. */
function computeDistance(code: number, s: number, t: number, castle: boolean): number {
  switch (code & 7) {
    case PAWN:
      return pawnDistance(s, t, code & 8);
    case KNIGHT:
      return knightToAttack(sq64(s), sq64(t));
    case BISHOP:
      if (squareColor(s) !== squareColor(t)) return FAR;
      return aligned(s, t, false) ? 0 : 1;
    case ROOK:
      return aligned(s, t, true) ? 0 : 1;
    case QUEEN:
      return aligned(s, t, true) || aligned(s, t, false) ? 0 : 1;
    case KING: {
      const cheb = Math.max(Math.abs((t & 7) - (s & 7)), Math.abs((t >> 4) - (s >> 4)));
      if (cheb === 0) return 1;
      return Math.max(0, cheb - 1 - (castle ? 1 : 0));
    }
    default:
      return FAR;
  }
}

/** Chebyshev distance of two 0x88 squares. */
export const kingSteps = (a: number, b: number): number =>
  Math.max(Math.abs((a & 7) - (b & 7)), Math.abs((a >> 4) - (b >> 4)));

/** RAY_STEPS[(k * 64 + a) * 64 + o] (a, o: 0..63): raySteps, its rows (k, a) made on first use (RAY_MADE). */
const RAY_STEPS = new Uint8Array(8 * 64 * 64);
const RAY_MADE = new Uint8Array(8 * 64);

/**
 * Fewest king steps from `own` to a square of the ray from `from` (excluded) against direction
 * KING_DELTAS[k] (FAR: the ray is empty); 0x88 squares.
 */
export function raySteps(k: number, from: number, own: number): number {
  const row = k * 64 + sq64(from);
  if (RAY_MADE[row] === 0) {
    const d = KING_DELTAS[k]!;
    for (let o = 0; o < 64; o++) {
      let best = FAR;
      const o88 = o + (o & ~7);
      for (let t = from - d; (t & 0x88) === 0; t -= d) best = Math.min(best, kingSteps(t, o88));
      RAY_STEPS[row * 64 + o] = best;
    }
    RAY_MADE[row] = 1;
  }
  return RAY_STEPS[row * 64 + sq64(own)]!;
}

/** distanceTable's tables, one per piece code and castling flag (0x88 from * 128 + to), UNSET where not worked out yet. */
const TABLES: Array<Uint8Array | undefined> = [];
/** An entry of a distance table not worked out yet (distances are at most FAR). */
export const UNSET = 255;

/**
 * The table of a piece code: at [s * 128 + t] (0x88 squares), the fewest moves before the piece
 * standing on s attacks t (0: it does already, on an empty board), or UNSET: ask distanceAt.
 * `castle`: the king may still castle (two squares in one move). Entries are made on first use:
 * the search asks only for the squares of the enemy king's zone, and a fresh pchess makes them in
 * code not yet compiled.
 */
export function distanceTable(code: number, castle: boolean): Uint8Array {
  const at = (code << 1) | (castle ? 1 : 0);
  return (TABLES[at] ??= new Uint8Array(128 * 128).fill(UNSET));
}

/** The entry [from * 128 + to] of distanceTable(code, castle), worked out and kept where it is UNSET. */
export function distanceAt(table: Uint8Array, code: number, castle: boolean, from: number, to: number): number {
  const i = from * 128 + to;
  const v = table[i]!;
  return v !== UNSET ? v : (table[i] = computeDistance(code, from, to, castle));
}
