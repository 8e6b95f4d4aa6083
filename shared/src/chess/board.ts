/**
 * The mutable 0x88 board behind `Position`: piece placement with piece lists,
 * side to move, castling rights, en-passant targets, clocks, and make/unmake with
 * a module-level undo stack (everything is synchronous, so one stack serves all boards).
 */
import {
  ATTACKS, ATTACK_BIT, BLACK, CASTLE_KEEP, F_CASTLE, F_DOUBLE, F_EP, KING, KNIGHT, PAWN, STEP, WHITE,
} from './tables.js';

const MAX_PLY = 1024;
const MAX_EP = 16;
const U_CAP = new Int8Array(MAX_PLY);
const U_CASTLING = new Int8Array(MAX_PLY);
const U_HALFMOVE = new Int32Array(MAX_PLY);
const U_EPN = new Int8Array(MAX_PLY);
const U_EP = new Int8Array(MAX_PLY * MAX_EP);
let sp = 0;

/**
 * Offsets in `Board.board`, one Uint8Array holding all per-square state so that a clone is a
 * single allocation: 0..127 the 0x88 board (piece code colour | role, 0 empty), then the piece
 * lists (white at LIST..LIST+63, black at LIST+64..), each square's position in the lists, the
 * en-passant targets, and per colour: piece count, king count, king square (valid when one king).
 */
export const LIST = 128;
const INDEX = 256;
export const EP = 384;
export const COUNT = 400;
export const KINGS = 402;
export const KING_SQ = 404;
const SIZE = 406;

export class Board {
  board: Uint8Array;
  side = WHITE;
  castling = 0;
  epCount = 0;
  halfmove = 0;
  fullmove = 1;

  constructor(from?: Board) {
    if (from) {
      this.board = from.board.slice();
      this.side = from.side;
      this.castling = from.castling;
      this.epCount = from.epCount;
      this.halfmove = from.halfmove;
      this.fullmove = from.fullmove;
    } else this.board = new Uint8Array(SIZE);
  }

  addPiece(s: number, p: number): void {
    const d = this.board;
    const c = p >> 3;
    const i = LIST + (c << 6) + d[COUNT + c]!++;
    d[i] = s;
    d[INDEX + s] = i;
    d[s] = p;
  }

  removePiece(s: number): void {
    const d = this.board;
    const c = d[s]! >> 3;
    const last = LIST + (c << 6) + --d[COUNT + c]!;
    const i = d[INDEX + s]!;
    const moved = d[last]!;
    d[i] = moved;
    d[INDEX + moved] = i;
    d[s] = 0;
  }

  movePiece(f: number, t: number): void {
    const d = this.board;
    const i = d[INDEX + f]!;
    d[t] = d[f]!;
    d[f] = 0;
    d[i] = t;
    d[INDEX + t] = i;
  }

  /** Recount kings after a king was captured or promoted (rare). */
  findKings(): void {
    const d = this.board;
    for (let c = 0; c < 2; c++) {
      let n = 0;
      const base = LIST + (c << 6);
      for (let i = base, end = base + d[COUNT + c]!; i < end; i++) {
        const s = d[i]!;
        if ((d[s]! & 7) === KING) {
          n++;
          d[KING_SQ + c] = s;
        }
      }
      d[KINGS + c] = n;
    }
  }

  setEp(squares88: readonly number[]): void {
    this.epCount = 0;
    for (const s of squares88) {
      if (this.epCount >= MAX_EP) break;
      let dup = false;
      for (let i = 0; i < this.epCount; i++) if (this.board[EP + i] === s) dup = true;
      if (!dup) this.board[EP + this.epCount++] = s;
    }
  }

  /** Is the 0x88 square `sq` attacked by a piece of colour `by` (WHITE or BLACK)? */
  attacked(sq: number, by: number): boolean {
    const board = this.board;
    const base = LIST + (by << 3);
    for (let i = base, end = base + board[COUNT + (by >> 3)]!; i < end; i++) {
      const s = board[i]!;
      const p = board[s]!;
      const d = sq - s + 119;
      if ((ATTACKS[d]! & ATTACK_BIT[p]!) === 0) continue;
      const role = p & 7;
      if (role === KNIGHT || role === PAWN || role === KING) return true;
      const step = STEP[d]!;
      let t = s + step;
      while (t !== sq && board[t] === 0) t += step;
      if (t === sq) return true;
    }
    return false;
  }

  /** Is any king of colour `c` (WHITE or BLACK) attacked? */
  kingAttacked(c: number): boolean {
    const d = this.board;
    const ci = c >> 3;
    const n = d[KINGS + ci]!;
    if (n === 0) return false;
    if (n === 1) return this.attacked(d[KING_SQ + ci]!, c ^ 8);
    const base = LIST + (ci << 6);
    for (let i = base, end = base + d[COUNT + ci]!; i < end; i++) {
      const s = d[i]!;
      if (d[s] === (c | KING) && this.attacked(s, c ^ 8)) return true;
    }
    return false;
  }

  make(m: number): void {
    const board = this.board;
    const from = m & 127;
    const to = (m >> 7) & 127;
    const flag = (m >> 14) & 7;
    const promo = m >> 17;
    const us = this.side;
    const p = board[from]!;
    const capSq = flag === F_EP ? to + (us === WHITE ? -16 : 16) : to;
    const cap = board[capSq]!;
    U_CAP[sp] = cap;
    U_CASTLING[sp] = this.castling;
    U_HALFMOVE[sp] = this.halfmove;
    const epn = this.epCount;
    U_EPN[sp] = epn;
    for (let i = 0; i < epn; i++) U_EP[sp * MAX_EP + i] = board[EP + i]!;
    sp++;
    if (cap !== 0) this.removePiece(capSq);
    this.movePiece(from, to);
    if (promo !== 0) board[to] = us | promo;
    else if (flag === F_CASTLE) {
      if (to > from) this.movePiece(to + 1, to - 1);
      else this.movePiece(to - 2, to + 1);
    }
    this.castling &= CASTLE_KEEP[from]! & CASTLE_KEEP[to]!;
    const role = p & 7;
    this.halfmove = role === PAWN || cap !== 0 ? 0 : this.halfmove + 1;
    if (us === BLACK) this.fullmove++;
    this.epCount = 0;
    if (flag === F_DOUBLE) {
      const enemyPawn = (us ^ 8) | PAWN;
      if ((((to - 1) & 0x88) === 0 && board[to - 1] === enemyPawn) || (((to + 1) & 0x88) === 0 && board[to + 1] === enemyPawn)) {
        board[EP] = (from + to) >> 1;
        this.epCount = 1;
      }
    }
    if (role === KING) board[KING_SQ + (us >> 3)] = to;
    if ((cap & 7) === KING || promo === KING) this.findKings();
    this.side = us ^ 8;
  }

  unmake(m: number): void {
    const board = this.board;
    const from = m & 127;
    const to = (m >> 7) & 127;
    const flag = (m >> 14) & 7;
    const promo = m >> 17;
    const us = (this.side ^= 8);
    sp--;
    if (flag === F_CASTLE) {
      if (to > from) this.movePiece(to - 1, to + 1);
      else this.movePiece(to + 1, to - 2);
    }
    const role = promo !== 0 ? PAWN : board[to]! & 7;
    this.movePiece(to, from);
    if (promo !== 0) board[from] = us | PAWN;
    const cap = U_CAP[sp]!;
    if (cap !== 0) this.addPiece(flag === F_EP ? to + (us === WHITE ? -16 : 16) : to, cap);
    this.castling = U_CASTLING[sp]!;
    this.halfmove = U_HALFMOVE[sp]!;
    const epn = U_EPN[sp]!;
    this.epCount = epn;
    for (let i = 0; i < epn; i++) board[EP + i] = U_EP[sp * MAX_EP + i]!;
    if (us === BLACK) this.fullmove--;
    if (role === KING) board[KING_SQ + (us >> 3)] = from;
    if ((cap & 7) === KING || promo === KING) this.findKings();
  }

  /** Make a move for good (no unmake will follow). */
  commit(m: number): void {
    this.make(m);
    sp--;
  }
}
