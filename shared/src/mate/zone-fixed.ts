/**
 * The pieces a few-pieces set search may not move (movers marked 0), kings aside, and rooks while
 * we may castle (castling moves one of them along with a king of the set): within that search they
 * never move and are never taken (the opponent does not move), so their part of the zone bound
 * (zone.ts) is worked out once: which zone squares they attack, and which of the zone bits still
 * to attack (kept per set of them).
 */
import { type Board, COUNT, KING_SQ, KINGS, LIST } from '../chess/board.js';
import { KING, KING_DELTAS, ROOK, WHITE } from '../chess/tables.js';
import { distanceAt, distanceTable, FAR } from './bound.js';

export class FixedPieces {
  /** The fixed pieces' 0x88 squares. */
  readonly squares: number[] = [];
  /** at[s] = 1 on those squares: a piece standing there is one of them. */
  readonly at = new Uint8Array(128);
  /** hit[t]: a fixed piece attacks the 0x88 square t of the enemy king's zone (on an empty board). */
  readonly hit = new Uint8Array(128);
  /** What a fixed piece puts in a zone square's points when none attacks it: FAR times the least price (FAR * 100: no piece). */
  readonly farPoints: number = FAR * 100;
  /** The zone bits `mask` is for (-1: none yet). */
  live = -1;
  /** The zone bits of `live` they attack (zone.ts). */
  mask = 0;

  /**
   * From the root of the set search: us, the mover (WHITE or BLACK); costs, points per role code
   * (null: every move costs one); movers, 1 on the squares of the set's pieces.
   */
  constructor(b: Board, us: number, costs: readonly number[] | null, movers: Uint8Array) {
    const d = b.board;
    const them = us ^ 8;
    const base = LIST + (us << 3);
    const ksq = d[KINGS + (them >> 3)] === 1 ? d[KING_SQ + (them >> 3)]! : -1;
    const castle = (b.castling & (us === WHITE ? 3 : 12)) !== 0;
    let far = this.farPoints;
    for (let i = 0, n = d[COUNT + (us >> 3)]!; i < n; i++) {
      const s = d[base + i]!;
      const code = d[s]!;
      if (movers[s] !== 0 || (code & 7) === KING || (castle && (code & 7) === ROOK)) continue;
      this.squares.push(s);
      this.at[s] = 1;
      far = Math.min(far, FAR * (costs ? costs[code & 7]! : 1));
      if (ksq < 0) continue;
      const table = distanceTable(code, false);
      for (let k = -1; k < 8; k++) {
        const t = k < 0 ? ksq : ksq + KING_DELTAS[k]!;
        if ((t & 0x88) === 0 && distanceAt(table, code, false, s, t) === 0) this.hit[t] = 1;
      }
    }
    this.farPoints = far;
  }
}
