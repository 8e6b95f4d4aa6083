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

export class Board {
  /** Piece code (colour | role) per 0x88 square, 0 when empty. */
  board = new Int8Array(128);
  /** Squares of white pieces at 0..63, of black pieces at 64..127. */
  list = new Uint8Array(128);
  /** Position in `list` of the piece on each square. */
  index = new Uint8Array(128);
  count = new Int32Array(2);
  kingCount = new Int32Array(2);
  /** The king's square when kingCount is 1. */
  kingSq = new Int32Array(2);
  side = WHITE;
  castling = 0;
  epCount = 0;
  epList = new Int8Array(MAX_EP);
  halfmove = 0;
  fullmove = 1;

  copyFrom(o: Board): void {
    this.board.set(o.board);
    this.list.set(o.list);
    this.index.set(o.index);
    this.count.set(o.count);
    this.kingCount.set(o.kingCount);
    this.kingSq.set(o.kingSq);
    this.side = o.side;
    this.castling = o.castling;
    this.epCount = o.epCount;
    this.epList.set(o.epList);
    this.halfmove = o.halfmove;
    this.fullmove = o.fullmove;
  }

  addPiece(s: number, p: number): void {
    const c = p >> 3;
    const i = (c << 6) + this.count[c]!++;
    this.list[i] = s;
    this.index[s] = i;
    this.board[s] = p;
  }

  removePiece(s: number): void {
    const c = this.board[s]! >> 3;
    const last = (c << 6) + --this.count[c]!;
    const i = this.index[s]!;
    const moved = this.list[last]!;
    this.list[i] = moved;
    this.index[moved] = i;
    this.board[s] = 0;
  }

  movePiece(f: number, t: number): void {
    const i = this.index[f]!;
    this.board[t] = this.board[f]!;
    this.board[f] = 0;
    this.list[i] = t;
    this.index[t] = i;
  }

  /** Recount kings after a king was captured or promoted (rare). */
  findKings(): void {
    for (let c = 0; c < 2; c++) {
      let n = 0;
      const base = c << 6;
      for (let i = base, end = base + this.count[c]!; i < end; i++) {
        const s = this.list[i]!;
        if ((this.board[s]! & 7) === KING) {
          n++;
          this.kingSq[c] = s;
        }
      }
      this.kingCount[c] = n;
    }
  }

  setEp(squares88: readonly number[]): void {
    this.epCount = 0;
    for (const s of squares88) {
      if (this.epCount >= MAX_EP) break;
      let dup = false;
      for (let i = 0; i < this.epCount; i++) if (this.epList[i] === s) dup = true;
      if (!dup) this.epList[this.epCount++] = s;
    }
  }

  /** Is the 0x88 square `sq` attacked by a piece of colour `by` (WHITE or BLACK)? */
  attacked(sq: number, by: number): boolean {
    const board = this.board;
    const list = this.list;
    const base = by << 3;
    for (let i = base, end = base + this.count[by >> 3]!; i < end; i++) {
      const s = list[i]!;
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
    const ci = c >> 3;
    const n = this.kingCount[ci]!;
    if (n === 0) return false;
    if (n === 1) return this.attacked(this.kingSq[ci]!, c ^ 8);
    const base = ci << 6;
    for (let i = base, end = base + this.count[ci]!; i < end; i++) {
      const s = this.list[i]!;
      if (this.board[s] === (c | KING) && this.attacked(s, c ^ 8)) return true;
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
    for (let i = 0; i < epn; i++) U_EP[sp * MAX_EP + i] = this.epList[i]!;
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
        this.epList[0] = (from + to) >> 1;
        this.epCount = 1;
      }
    }
    if (role === KING) this.kingSq[us >> 3] = to;
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
    for (let i = 0; i < epn; i++) this.epList[i] = U_EP[sp * MAX_EP + i]!;
    if (us === BLACK) this.fullmove--;
    if (role === KING) this.kingSq[us >> 3] = from;
    if ((cap & 7) === KING || promo === KING) this.findKings();
  }

  /** Make a move for good (no unmake will follow). */
  commit(m: number): void {
    this.make(m);
    sp--;
  }
}
