/**
 * The enemy king's zone (its square and its flights, zone bit (dr + 1) * 3 + (df + 1), bit 4 the
 * king) and which zone squares each role attacks from each square on an empty board: the tables
 * the final-square cover bound (final-cover.ts) is built on.
 */
import { BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK } from '../chess/tables.js';

/** The square (0..63) of each zone bit of a king on `ksq`, -1 off the board. */
export function zoneSquares(ksq: number): Int8Array {
  const squares = new Int8Array(9);
  for (let bit = 0; bit < 9; bit++) {
    const f = (ksq & 7) + (bit % 3) - 1;
    const r = (ksq >> 3) + Math.floor(bit / 3) - 1;
    squares[bit] = f < 0 || f > 7 || r < 0 || r > 7 ? -1 : r * 8 + f;
  }
  return squares;
}

/**
 * masks[role * 64 + f]: the zone bits attacked from f (role 0: black pawn, PAWN: white pawn).
 * Every role at once, square by square (made for each enemy king square, by code often not yet compiled).
 */
export function zoneMasks(ksq: number, squares: Int8Array): Uint16Array {
  const masks = new Uint16Array(7 * 64);
  for (let bit = 0; bit < 9; bit++) {
    const t = squares[bit]!;
    if (t < 0) continue;
    const z = 1 << bit;
    for (let f = 0; f < 64; f++) {
      const df = (t & 7) - (f & 7);
      const dr = (t >> 3) - (f >> 3);
      if (f === ksq || (df === 0 && dr === 0)) continue;
      const adf = Math.abs(df);
      const adr = Math.abs(dr);
      if (adf === 1 && dr === 1) masks[PAWN * 64 + f]! |= z;
      if (adf === 1 && dr === -1) masks[f]! |= z;
      if ((adf === 1 && adr === 2) || (adf === 2 && adr === 1)) masks[KNIGHT * 64 + f]! |= z;
      const diagonal = adf === adr;
      const straight = df === 0 || dr === 0;
      if (diagonal) masks[BISHOP * 64 + f]! |= z;
      if (straight) masks[ROOK * 64 + f]! |= z;
      if (diagonal || straight) masks[QUEEN * 64 + f]! |= z;
      // A king never attacks the enemy king (the two cannot stand side by side).
      if (bit !== 4 && adf <= 1 && adr <= 1) masks[KING * 64 + f]! |= z;
    }
  }
  return masks;
}
