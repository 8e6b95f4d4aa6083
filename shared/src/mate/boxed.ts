/**
 * A few-pieces set whose search is hopeless from the start: in a set search only the set's pieces
 * move, each at least once, and the opponent does not move, so our other pieces are walls for good.
 * A piece of the set that has no move now and is walled in by them (and the board's edge) never
 * gets one: no mate can move it, and the set need not be searched.
 */
import type { Board } from '../chess/board.js';
import { BISHOP_DELTAS, KING, KING_DELTAS, KNIGHT, KNIGHT_DELTAS, PAWN, ROOK_DELTAS, WHITE, BISHOP, ROOK } from '../chess/tables.js';

/**
 * Can the piece on s (0x88) ever move, in a search where only the pieces on squares marked non-zero
 * in `movers` move? Our pieces not marked never leave their squares; enemy pieces never arrive
 * anywhere but may be taken. Castling and en passant are taken as always possible.
 */
export function mayEverMove(b: Board, s: number, movers: Uint8Array): boolean {
  const d = b.board;
  const p = d[s]!;
  const us = p & 8;
  const role = p & 7;
  // A square our piece can never enter: off the board or held by one of our pieces that never moves.
  const walled = (t: number): boolean => (t & 0x88) !== 0 || (d[t] !== 0 && (d[t]! & 8) === us && movers[t] === 0);
  if (role === PAWN) {
    if (b.epCount > 0) return true;
    const ahead = s + (us === WHITE ? 16 : -16);
    if (!walled(ahead)) return true;
    // A capture needs an enemy piece on the diagonal now: none can come there.
    for (const side of [-1, 1]) {
      const t = ahead + side;
      if ((t & 0x88) === 0 && d[t] !== 0 && (d[t]! & 8) !== us) return true;
    }
    return false;
  }
  if (role === KING && (b.castling & (us === WHITE ? 3 : 12)) !== 0) return true;
  const deltas = role === KNIGHT ? KNIGHT_DELTAS : role === BISHOP ? BISHOP_DELTAS : role === ROOK ? ROOK_DELTAS : KING_DELTAS;
  for (let k = 0; k < deltas.length; k++) if (!walled(s + deltas[k]!)) return true;
  return false;
}

/** Does some piece of the set (marked non-zero in movers) never get a move? */
export function boxedSet(b: Board, movers: Uint8Array, squares: readonly number[]): boolean {
  for (let i = 0; i < squares.length; i++) if (movers[squares[i]!] !== 0 && !mayEverMove(b, squares[i]!, movers)) return true;
  return false;
}
