/**
 * Legal (or pseudo-legal, for Take-All) move generation into a shared Int32Array buffer.
 * With one royal king, checks and pins are computed once per node, so only king moves,
 * castling and en passant need an attack test; other moves are legal by construction.
 */
import { type Board, COUNT, EP, KINGS, KING_SQ, LIST } from './board.js';
import {
  ATTACKS, ATTACK_BIT, BISHOP, BISHOP_DELTAS, BQ, BK, F_CASTLE, F_DOUBLE, F_EP, KING, KING_DELTAS,
  KNIGHT, KNIGHT_DELTAS, PAWN, QUEEN, ROOK, ROOK_DELTAS, R_CASTLING, R_DOUBLE, R_KING_PROMO, R_ROYAL, STEP,
  WHITE, WK, WQ, encodeMove,
} from './tables.js';

/** Move buffer shared by every board; generation at one depth writes after the previous depth's moves. */
export const BUF = new Int32Array(1 << 16);
const pinStamp = new Int32Array(128);
const pinDir = new Int8Array(128);
const evStamp = new Int32Array(128);
let stamp = 0;

/**
 * Generate the moves of the side to move into BUF from index n; returns the end index. `only`:
 * just the moves of the pieces on squares (0x88) it marks non-zero (the mate search's few-pieces sets).
 */
export function generate(b: Board, n: number, rules: number, only: Uint8Array | null = null): number {
  const ci = b.side >> 3;
  const kings = b.board[KINGS + ci]!;
  if ((rules & R_ROYAL) === 0 || kings === 0) return gen(b, n, rules, -1, 0, only);
  if (kings === 1) {
    const ksq = b.board[KING_SQ + ci]!;
    return gen(b, n, rules, ksq, findChecksAndPins(b, ksq), only);
  }
  // Several royal kings (odd set-ups only): make, test, unmake.
  const end = gen(b, n, rules, -1, 0, only);
  const us = b.side;
  let w = n;
  for (let i = n; i < end; i++) {
    const m = BUF[i]!;
    b.make(m);
    if (!b.kingAttacked(us)) BUF[w++] = m;
    b.unmake(m);
  }
  return w;
}

/**
 * Like `generate`, for a position that may not come from alternating legal play: when royal kings
 * are on and the side not to move is in check (mid-series), capturing a king is not a move.
 * (Inside perft the side not to move is never in check, so plain `generate` suffices below the root.)
 */
export function generateRoot(b: Board, n: number, rules: number, only: Uint8Array | null = null): number {
  const end = generate(b, n, rules, only);
  if ((rules & R_ROYAL) === 0 || !b.kingAttacked(b.side ^ 8)) return end;
  let w = n;
  for (let i = n; i < end; i++) {
    const m = BUF[i]!;
    if ((b.board[(m >> 7) & 127]! & 7) !== KING) BUF[w++] = m;
  }
  return w;
}

/** Marks pinned pieces and check-evasion squares under the current stamp; returns the number of checkers. */
function findChecksAndPins(b: Board, ksq: number): number {
  const board = b.board;
  const us = b.side;
  const base = LIST + ((us ^ 8) << 3);
  const st = ++stamp;
  let checks = 0;
  for (let i = base, end = base + board[COUNT + ((us ^ 8) >> 3)]!; i < end; i++) {
    const s = board[i]!;
    const p = board[s]!;
    const d = ksq - s + 119;
    if ((ATTACKS[d]! & ATTACK_BIT[p]!) === 0) continue;
    const role = p & 7;
    // (An adjacent enemy king only occurs in odd set-ups; it counts as a checker, like isCheck says.)
    if (role === KNIGHT || role === PAWN || role === KING) {
      checks++;
      evStamp[s] = st;
      continue;
    }
    const step = STEP[d]!;
    let blocker = -1;
    for (let t = s + step; t !== ksq; t += step) {
      const q = board[t]!;
      if (q === 0) continue;
      if (blocker === -1 && (q & 8) === us) blocker = t;
      else {
        blocker = -2;
        break;
      }
    }
    if (blocker === -1) {
      checks++;
      for (let t = s; t !== ksq; t += step) evStamp[t] = st;
    } else if (blocker >= 0) {
      pinStamp[blocker] = st;
      pinDir[blocker] = -step;
    }
  }
  return checks;
}

/**
 * Core generator. ksq >= 0: legal mode for the single royal king on ksq (pins and
 * evasions from findChecksAndPins). ksq < 0: pseudo-legal (castling still checks attacks when royal).
 */
function gen(b: Board, n: number, rules: number, ksq: number, checks: number, only: Uint8Array | null): number {
  const board = b.board;
  const us = b.side;
  const them = us ^ 8;
  const legal = ksq >= 0;
  const st = stamp;
  const base = LIST + (us << 3);
  for (let i = base, end = base + board[COUNT + (us >> 3)]!; i < end; i++) {
    const s = board[i]!;
    if (only !== null && only[s] === 0) continue;
    const role = board[s]! & 7;
    if (legal && s === ksq) {
      n = genKing(b, n, s, them);
      continue;
    }
    if (checks > 1) continue;
    const pd = legal && pinStamp[s] === st ? pinDir[s]! : 0;
    if (role === PAWN) {
      n = genPawn(b, n, s, rules, ksq, checks, pd);
    } else if (role === KNIGHT) {
      if (pd !== 0) continue;
      for (let k = 0; k < 8; k++) {
        const t = s + KNIGHT_DELTAS[k]!;
        if ((t & 0x88) !== 0) continue;
        const q = board[t]!;
        if (q !== 0 && (q & 8) === us) continue;
        if (checks !== 0 && evStamp[t] !== st) continue;
        BUF[n++] = s | (t << 7);
      }
    } else if (role === KING) {
      for (let k = 0; k < 8; k++) {
        const t = s + KING_DELTAS[k]!;
        if ((t & 0x88) !== 0) continue;
        const q = board[t]!;
        if (q !== 0 && (q & 8) === us) continue;
        BUF[n++] = s | (t << 7);
      }
    } else {
      const dirs = role === BISHOP ? BISHOP_DELTAS : role === ROOK ? ROOK_DELTAS : KING_DELTAS;
      for (let k = 0, nd = dirs.length; k < nd; k++) {
        const d = dirs[k]!;
        if (pd !== 0 && d !== pd && d !== -pd) continue;
        for (let t = s + d; (t & 0x88) === 0; t += d) {
          const q = board[t]!;
          if (q !== 0 && (q & 8) === us) break;
          if (checks === 0 || evStamp[t] === st) BUF[n++] = s | (t << 7);
          if (q !== 0) break;
        }
      }
    }
  }
  const castles = (rules & R_CASTLING) !== 0 && b.castling !== 0 && checks === 0;
  if (castles && (only === null || only[board[KING_SQ + (us >> 3)]!] !== 0)) n = genCastling(b, n, rules, legal);
  if (b.epCount !== 0 && checks < 2) n = genEp(b, n, ksq, only);
  return n;
}

function genKing(b: Board, n: number, s: number, them: number): number {
  const board = b.board;
  const us = them ^ 8;
  const king = board[s]!;
  board[s] = 0;
  for (let k = 0; k < 8; k++) {
    const t = s + KING_DELTAS[k]!;
    if ((t & 0x88) !== 0) continue;
    const q = board[t]!;
    if (q !== 0 && (q & 8) === us) continue;
    if (!b.attacked(t, them)) BUF[n++] = s | (t << 7);
  }
  board[s] = king;
  return n;
}

function genPawn(b: Board, n: number, s: number, rules: number, ksq: number, checks: number, pd: number): number {
  const board = b.board;
  const us = b.side;
  const st = stamp;
  const fwd = us === WHITE ? 16 : -16;
  const row = s >> 4;
  const promoting = row === (us === WHITE ? 6 : 1);
  const t1 = s + fwd;
  if (board[t1] === 0) {
    if ((checks === 0 || evStamp[t1] === st) && (pd === 0 || STEP[t1 - ksq + 119] === pd)) {
      n = promoting ? addPromotions(n, s, t1, rules) : ((BUF[n] = s | (t1 << 7)), n + 1);
    }
    const t2 = t1 + fwd;
    if (row === (us === WHITE ? 1 : 6) && (rules & R_DOUBLE) !== 0 && board[t2] === 0) {
      if ((checks === 0 || evStamp[t2] === st) && (pd === 0 || STEP[t2 - ksq + 119] === pd)) {
        BUF[n++] = encodeMove(s, t2, F_DOUBLE, 0);
      }
    }
  }
  for (let side = -1; side <= 1; side += 2) {
    const t = t1 + side;
    if ((t & 0x88) !== 0) continue;
    const q = board[t]!;
    if (q === 0 || (q & 8) === us) continue;
    if (checks !== 0 && evStamp[t] !== st) continue;
    if (pd !== 0 && STEP[t - ksq + 119] !== pd) continue;
    n = promoting ? addPromotions(n, s, t, rules) : ((BUF[n] = s | (t << 7)), n + 1);
  }
  return n;
}

function addPromotions(n: number, s: number, t: number, rules: number): number {
  const m = s | (t << 7);
  BUF[n++] = m | (QUEEN << 17);
  BUF[n++] = m | (ROOK << 17);
  BUF[n++] = m | (BISHOP << 17);
  BUF[n++] = m | (KNIGHT << 17);
  if ((rules & R_KING_PROMO) !== 0) BUF[n++] = m | (KING << 17);
  return n;
}

function genCastling(b: Board, n: number, rules: number, legal: boolean): number {
  const board = b.board;
  const us = b.side;
  const them = us ^ 8;
  const e = us === WHITE ? 0x04 : 0x74;
  if (board[e] !== (us | KING)) return n;
  const royal = (rules & R_ROYAL) !== 0;
  if (royal && !legal && b.attacked(e, them)) return n;
  const rook = us | ROOK;
  if ((b.castling & (us === WHITE ? WK : BK)) !== 0 && board[e + 3] === rook && board[e + 1] === 0 && board[e + 2] === 0) {
    if (!royal || (!b.attacked(e + 1, them) && !b.attacked(e + 2, them))) BUF[n++] = encodeMove(e, e + 2, F_CASTLE, 0);
  }
  if (
    (b.castling & (us === WHITE ? WQ : BQ)) !== 0 && board[e - 4] === rook &&
    board[e - 1] === 0 && board[e - 2] === 0 && board[e - 3] === 0
  ) {
    if (!royal || (!b.attacked(e - 1, them) && !b.attacked(e - 2, them))) BUF[n++] = encodeMove(e, e - 2, F_CASTLE, 0);
  }
  return n;
}

function genEp(b: Board, n: number, ksq: number, only: Uint8Array | null): number {
  const board = b.board;
  const us = b.side;
  const back = us === WHITE ? -16 : 16;
  const ownPawn = us | PAWN;
  const row = us === WHITE ? 5 : 2;
  for (let i = 0; i < b.epCount; i++) {
    const t = board[EP + i]!;
    if (t >> 4 !== row || board[t] !== 0 || board[t + back] !== ((us ^ 8) | PAWN)) continue;
    for (let side = -1; side <= 1; side += 2) {
      const f = t + back + side;
      if ((f & 0x88) !== 0 || board[f] !== ownPawn || (only !== null && only[f] === 0)) continue;
      const m = encodeMove(f, t, F_EP, 0);
      if (ksq >= 0) {
        b.make(m);
        const bad = b.attacked(ksq, b.side);
        b.unmake(m);
        if (bad) continue;
      }
      BUF[n++] = m;
    }
  }
  return n;
}
