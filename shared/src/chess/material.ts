/** FIDE dead positions by material. */
import type { Board } from './board.js';
import { BISHOP, KING, KNIGHT } from './tables.js';

/** KvK, KB v K, KN v K, and any number of bishops all on squares of one colour (KB v KB included). */
export function insufficientMaterial(b: Board): boolean {
  let knights = 0;
  let bishops = 0;
  let bishopColors = 0;
  for (let s = 0; s < 128; s++) {
    if ((s & 0x88) !== 0) continue;
    const role = b.board[s]! & 7;
    if (role === 0 || role === KING) continue;
    if (role === KNIGHT) knights++;
    else if (role === BISHOP) {
      bishops++;
      bishopColors |= 1 << (((s >> 4) + s) & 1);
    } else return false;
  }
  if (knights === 0) return bishops === 0 || bishopColors !== 3;
  return knights === 1 && bishops === 0;
}
