/**
 * Zobrist-style keys of a series position: placement, castling rights, the series state (points
 * spent, English pieces that moved in the cycle, this turn's double steps open to en passant).
 * Two 32-bit halves folded into one exact 53-bit number. The tables come from a fixed-seed
 * generator, so keys are the same in every run.
 */
import { type Board, COUNT, LIST } from '../chess/board.js';
import { F_CASTLE, F_EP, WHITE } from '../chess/tables.js';

function tables(seed: number, size: number): Int32Array {
  const out = new Int32Array(size);
  let x = seed | 0;
  for (let i = 0; i < size; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x;
  }
  return out;
}

/** LO/HI[code * 128 + square] (0x88): a piece on a square. Then castling (16), spent (256), moved (128), ep (128). */
const PIECE = 0;
const CASTLING = 16 * 128;
const SPENT = CASTLING + 16;
const MOVED = SPENT + 256;
const EP = MOVED + 128;
const SIZE = EP + 128;
const TWO_32 = 4294967296;
export const LO = tables(0x2545f491, SIZE);
export const HI = tables(0x6b43a9b5, SIZE);

/**
 * The key of the board plus the series state: `spent` points, `moved` (0x88 squares of the pieces
 * that moved in the current cycle, English), `epNext` (0x88 targets of this turn's double steps).
 * Plain arguments, no state object: the search asks once per child, and a fresh pchess runs it in
 * code not yet compiled, where such an object is a real allocation.
 */
export function seriesKey(b: Board, spent: number, moved: readonly number[], epNext: readonly number[]): number {
  const d = b.board;
  // Points spent: a table entry below 256, a multiplicative mix above (Fibonacci turns grow large).
  const spentLo = spent < 256 ? LO[SPENT + spent]! : Math.imul(spent, 0x9e3779b1);
  const spentHi = spent < 256 ? HI[SPENT + spent]! : Math.imul(spent, 0x85ebca6b);
  let lo = LO[CASTLING + b.castling]! ^ spentLo;
  let hi = HI[CASTLING + b.castling]! ^ spentHi;
  for (let c = 0; c < 2; c++) {
    const base = LIST + (c << 6);
    for (let i = base, end = base + d[COUNT + c]!; i < end; i++) {
      const sq = d[i]!;
      const at = PIECE + d[sq]! * 128 + sq;
      lo ^= LO[at]!;
      hi ^= HI[at]!;
    }
  }
  for (let i = 0; i < moved.length; i++) {
    lo ^= LO[MOVED + moved[i]!]!;
    hi ^= HI[MOVED + moved[i]!]!;
  }
  for (let i = 0; i < epNext.length; i++) {
    lo ^= LO[EP + epNext[i]!]!;
    hi ^= HI[EP + epNext[i]!]!;
  }
  return (hi & 0x1fffff) * TWO_32 + (lo >>> 0);
}

/**
 * The terms of a series key that the move m (of colour `us`) changes, as the board and series
 * state stand: the squares it touches (from, to, the rook's two squares when castling, the pawn
 * taken en passant), castling rights, points spent, double-step targets. XORed with the parent's
 * key before the move and again after it (xorKeys), they make the child's key, equal to its
 * seriesKey, without going through every piece (not for English cycles, whose moved list changes).
 */
export function touchedKey(b: Board, m: number, us: number, spent: number, epNext: readonly number[]): number {
  touchHalves(b, m, us, spent, epNext);
  return joinKey(TOUCHED[0]!, TOUCHED[1]!);
}

/** touchHalves' answer: the low and the high half of touchedKey. */
export const TOUCHED = new Int32Array(2);

/**
 * touchedKey as two 32-bit halves, left in TOUCHED: the search XORs them into its own halves of the
 * parent's key, which spares making and splitting 53-bit numbers twice per child.
 */
export function touchHalves(b: Board, m: number, us: number, spent: number, epNext: readonly number[]): void {
  const d = b.board;
  const from = m & 127;
  const to = (m >> 7) & 127;
  const flag = (m >> 14) & 7;
  let lo = LO[CASTLING + b.castling]! ^ (spent < 256 ? LO[SPENT + spent]! : Math.imul(spent, 0x9e3779b1));
  let hi = HI[CASTLING + b.castling]! ^ (spent < 256 ? HI[SPENT + spent]! : Math.imul(spent, 0x85ebca6b));
  for (let i = 0; i < epNext.length; i++) {
    lo ^= LO[EP + epNext[i]!]!;
    hi ^= HI[EP + epNext[i]!]!;
  }
  let p = d[from]!;
  if (p !== 0) { lo ^= LO[PIECE + p * 128 + from]!; hi ^= HI[PIECE + p * 128 + from]!; }
  p = d[to]!;
  if (p !== 0) { lo ^= LO[PIECE + p * 128 + to]!; hi ^= HI[PIECE + p * 128 + to]!; }
  if (flag === F_CASTLE || flag === F_EP) {
    // Castling: the rook's squares (make() moves it from to + 1 or to - 2); en passant: the taken pawn's.
    const a = flag === F_EP ? to + (us === WHITE ? -16 : 16) : to > from ? to + 1 : to - 2;
    const z = flag === F_EP ? -1 : to > from ? to - 1 : to + 1;
    p = d[a]!;
    if (p !== 0) { lo ^= LO[PIECE + p * 128 + a]!; hi ^= HI[PIECE + p * 128 + a]!; }
    p = z >= 0 ? d[z]! : 0;
    if (p !== 0) { lo ^= LO[PIECE + p * 128 + z]!; hi ^= HI[PIECE + p * 128 + z]!; }
  }
  TOUCHED[0] = lo;
  TOUCHED[1] = hi;
}

/** The 53-bit key of two halves (the high one's bits above 21 dropped). */
const joinKey = (lo: number, hi: number): number => (hi & 0x1fffff) * TWO_32 + (lo >>> 0);

/**
 * A key kept as two 32-bit halves between the parent and its child: the parent's key without the
 * terms a move changes (without), then the child's key with them as they stand after the move (with).
 */
export class KeyHalves {
  private lo = 0;
  private hi = 0;

  /** Keeps key with the terms of m taken out (the board before m). */
  without(key: number, b: Board, m: number, us: number, spent: number, epNext: readonly number[]): void {
    touchHalves(b, m, us, spent, epNext);
    this.lo = (key | 0) ^ TOUCHED[0]!;
    this.hi = ((key / TWO_32) | 0) ^ TOUCHED[1]!;
  }

  /** The child's key: the kept halves with the terms of m put back (the board after m). */
  with(b: Board, m: number, us: number, spent: number, epNext: readonly number[]): number {
    touchHalves(b, m, us, spent, epNext);
    return joinKey(this.lo ^ TOUCHED[0]!, this.hi ^ TOUCHED[1]!);
  }
}

/** The XOR of two keys (each two halves folded into one exact 53-bit number). */
export const xorKeys = (a: number, b: number): number =>
  ((((a / TWO_32) | 0) ^ ((b / TWO_32) | 0)) & 0x1fffff) * TWO_32 + (((a >>> 0) ^ (b >>> 0)) >>> 0);
