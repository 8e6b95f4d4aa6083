/**
 * Zobrist-style keys of a series position: placement, castling rights, the series state (points
 * spent, English pieces that moved in the cycle, this turn's double steps open to en passant).
 * Two 32-bit halves folded into one exact 53-bit number. The tables come from a fixed-seed
 * generator, so keys are the same in every run.
 */
import { type Board, COUNT, LIST } from '../chess/board.js';

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
  return (hi & 0x1fffff) * 4294967296 + (lo >>> 0);
}
