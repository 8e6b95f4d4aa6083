/**
 * A necessary test for a mate in one more move: afterwards the enemy king's square and every
 * flight that must be controlled (zone.ts) is attacked, and one move changes the attacks of one
 * piece only: the moved piece attacks from where it lands, and lines through the square it leaves
 * open. So the zone squares not attacked now, apart from those a line of ours through the moved
 * piece's square would reach once it is vacated, must all be attacked from one other square the
 * piece reaches in one move (empty board, final-cover.ts). Castling and en passant (two pieces,
 * two squares) are let through.
 */
import { type Board, COUNT, KING_SQ, KINGS, LIST } from '../chess/board.js';
import { BISHOP, QUEEN, ROOK, STEP, WHITE } from '../chess/tables.js';
import { coverFor, discoverySteps, ONES, sq64, type ZoneRules } from './zone.js';

const OPEN = new Int32Array(9);

/** movers (a few-pieces set search): only the pieces on squares marked non-zero may make the move. */
export function oneMoveMayMate(b: Board, z: ZoneRules, movers: Uint8Array | null = null): boolean {
  const d = b.board;
  const us = z.us;
  const them = us ^ 8;
  if (d[KINGS + (them >> 3)] !== 1) return true;
  if (b.epCount > 0 || (b.castling & (us === WHITE ? 3 : 12)) !== 0) return true;
  const ksq = d[KING_SQ + (them >> 3)]!;
  // Italian: a flight where the king would discover check on our king needs no control.
  if (z.lastOnly && d[KINGS + (us >> 3)] === 1 && discoverySteps(b, us, ksq, d[KING_SQ + (us >> 3)]!) <= 1) return true;
  const fc = coverFor(ksq, ONES, z.double);
  let open = 0;
  const king = d[ksq]!;
  d[ksq] = 0;
  for (let bit = 0; bit < 9; bit++) {
    if (z.kingStuck && bit !== 4) continue;
    const t64 = fc.zoneSquare(bit);
    if (t64 < 0) continue;
    const t = t64 + (t64 & ~7);
    const p = d[t]!;
    if (bit !== 4 && p !== 0 && (p & 8) === them) continue;
    if (!b.attacked(t, us)) {
      OPEN[bit] = t;
      open |= 1 << bit;
    }
  }
  d[ksq] = king;
  if (open === 0) return true;
  const base = LIST + (us << 3);
  for (let i = base, end = base + d[COUNT + (us >> 3)]!; i < end; i++) {
    const s = d[i]!;
    if (movers !== null && movers[s] === 0) continue;
    let need = open;
    for (let bit = 0; bit < 9; bit++) if ((open >> bit) & 1 && mayDiscover(d, OPEN[bit]!, s, us, ksq)) need &= ~(1 << bit);
    if (need === 0) return true;
    // The piece leaves its square: only the squares it reaches in one move count.
    const opts = fc.options(d[s]!, sq64(s), 511, false, true);
    for (let k = 0; k < opts.length && opts[k]! >> 9 <= 1; k++) if ((opts[k]! & need) === need) return true;
  }
  return false;
}

/**
 * Could vacating s open one of our lines onto t? s is the first piece on the line from t (the
 * enemy king on ksq seen through, as for its flights), and right behind s stands our slider of
 * that line.
 */
function mayDiscover(d: Board['board'], t: number, s: number, us: number, ksq: number): boolean {
  const step = STEP[s - t + 119]!;
  if (step === 0) return false;
  for (let x = t + step; x !== s; x += step) if (d[x] !== 0 && x !== ksq) return false;
  const straight = step === 1 || step === -1 || step === 16 || step === -16;
  for (let x = s + step; (x & 0x88) === 0; x += step) {
    const p = d[x]!;
    if (p === 0 || x === ksq) continue;
    return (p & 8) === us && ((p & 7) === QUEEN || (p & 7) === (straight ? ROOK : BISHOP));
  }
  return false;
}
