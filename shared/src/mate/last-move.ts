/**
 * A necessary test for a mate in one more move: afterwards the enemy king's square and every
 * flight that must be controlled (zone.ts) is attacked, and one move changes the attacks of one
 * piece only: the moved piece attacks from where it lands, and lines through the square it leaves
 * open. So the zone squares not attacked now, apart from those a line of ours through the moved
 * piece's square would reach once it is vacated, must all be attacked from one other square the
 * piece reaches in one move (empty board, final-cover.ts). Castling moves two pieces: the zone
 * squares not attacked now, apart from those a line through either vacated square may reach, must be
 * attacked by the king and the rook from where they land. En passant (two squares emptied, one
 * filled) is let through.
 */
import { type Board, COUNT, KING_SQ, KINGS, LIST } from '../chess/board.js';
import { ATTACK_BIT, ATTACKS, BISHOP, BK, BQ, F_CASTLE, KING, QUEEN, ROOK, STEP, WHITE, WK, WQ } from '../chess/tables.js';
import type { FinalCover } from './final-cover.js';
import { coverFor, discoverySteps, ONES, sq64, type ZoneRules } from './zone.js';

/** openZone's answer: the 0x88 square of each open zone bit, the enemy king, its cover search. */
const OPEN = new Int32Array(9);
let openKing = -1;
let openCover: FinalCover | null = null;

/**
 * The zone bits (final-cover.ts) a mating last move must newly attack: the enemy king's square and
 * each flight that must be controlled and is not attacked now (our lines seen through the enemy
 * king). -1 where the test says nothing: no single enemy king, en passant open (it empties two
 * squares), or in Italian an enemy king move may discover check on our king. The squares of the
 * bits stay in OPEN for mayMateFrom and moveMayMate.
 */
export function openZone(b: Board, z: ZoneRules): number {
  const d = b.board;
  const us = z.us;
  const them = us ^ 8;
  if (d[KINGS + (them >> 3)] !== 1) return -1;
  if (b.epCount > 0) return -1;
  const ksq = d[KING_SQ + (them >> 3)]!;
  // Italian: a flight where the king would discover check on our king needs no control.
  if (z.lastOnly && d[KINGS + (us >> 3)] === 1 && discoverySteps(b, us, ksq, d[KING_SQ + (us >> 3)]!) <= 1) return -1;
  return scanZone(b, z, ksq, -1, -1, -1, 0);
}

/**
 * openZone's look at the zone squares: each tested (attacked()), or with `before` >= 0 (openZoneAfter)
 * only those the plain move from -> to of the piece `code` may change, the others as in `before`.
 */
function scanZone(b: Board, z: ZoneRules, ksq: number, before: number, from: number, to: number, code: number): number {
  const d = b.board;
  const them = z.us ^ 8;
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
    // A line through from or to reaching t, or the piece attacking t from either (empty board).
    const near = before < 0 || t === from || t === to || STEP[t - from + 119] !== 0 || STEP[t - to + 119] !== 0 ||
      (ATTACKS[t - to + 119]! & ATTACK_BIT[code]!) !== 0 || (ATTACKS[t - from + 119]! & ATTACK_BIT[code]!) !== 0;
    if (near ? !b.attacked(t, z.us) : ((before >> bit) & 1) !== 0) {
      OPEN[bit] = t;
      open |= 1 << bit;
    }
  }
  d[ksq] = king;
  openKing = ksq;
  openCover = fc;
  return open;
}

/**
 * openZone after our move m (played), from its answer `before` for the position before it. A plain
 * move (no capture, castling, promotion or king move) changes only the squares from and to, so a
 * zone square's attack changes only where a line through one of them reaches it or the moved piece
 * attacks it from either: only those are tested again (attacked()), the others keep their answer.
 * Anything else (or `before` < 0) goes through openZone.
 */
export function openZoneAfter(b: Board, z: ZoneRules, before: number, m: number, capture: boolean): number {
  const d = b.board;
  const from = m & 127;
  const to = (m >> 7) & 127;
  const code = d[to]!;
  if (before < 0 || capture || ((m >> 14) & 7) === F_CASTLE || m >> 17 !== 0 || (code & 7) === KING) return openZone(b, z);
  return scanZone(b, z, d[KING_SQ + ((z.us ^ 8) >> 3)]!, before, from, to, code);
}

/**
 * openZone's answer `open` (>= 0) for this position, worked out before (by the parent's look at it):
 * its squares put back for lastMovers and moveMayMate without testing them again.
 */
export function reopenZone(b: Board, z: ZoneRules, open: number): void {
  const ksq = b.board[KING_SQ + ((z.us ^ 8) >> 3)]!;
  const fc = coverFor(ksq, ONES, z.double);
  for (let bit = 0; bit < 9; bit++) {
    if (((open >> bit) & 1) === 0) continue;
    const t64 = fc.zoneSquare(bit);
    OPEN[bit] = t64 + (t64 & ~7);
  }
  openKing = ksq;
  openCover = fc;
}

/** movers (a few-pieces set search): only the pieces on squares marked non-zero may make the move. */
export function oneMoveMayMate(b: Board, z: ZoneRules, movers: Uint8Array | null = null): boolean {
  const open = openZone(b, z);
  return open <= 0 || lastMovers(b, z.us, open, movers, null);
}

/**
 * After openZone(b, z) returned `open` (> 0): the pieces that may make a mating last move, by the
 * test of oneMoveMayMate, marked 1 in `out` (its other squares left as they are); with `out` null,
 * only whether there is one. The king's square is marked where castling may mate.
 */
export function lastMovers(b: Board, us: number, open: number, movers: Uint8Array | null, out: Uint8Array | null): boolean {
  const d = b.board;
  const fc = openCover!;
  let any = false;
  // Castling (only by a king of the set, in a few-pieces search: the rook moves along with it).
  if ((b.castling & (us === WHITE ? 3 : 12)) !== 0) {
    const e = us === WHITE ? 0x04 : 0x74;
    if ((movers === null || movers[e] !== 0) && (castlingMayMate(b, open, us, e, e + 3) || castlingMayMate(b, open, us, e, e - 4))) {
      if (out === null) return true;
      out[e] = 1;
      any = true;
    }
  }
  const base = LIST + (us << 3);
  for (let i = base, end = base + d[COUNT + (us >> 3)]!; i < end; i++) {
    const s = d[i]!;
    if (movers !== null && movers[s] === 0) continue;
    const need = needFrom(d, open, s, us);
    let may = need === 0;
    // The piece leaves its square: only the squares it reaches in one move count.
    const opts = may ? NO_OPTIONS : fc.options(d[s]!, sq64(s), 511, false, true);
    for (let k = 0; k < opts.length && opts[k]! >> 9 <= 1 && !may; k++) may = (opts[k]! & need) === need;
    if (!may) continue;
    if (out === null) return true;
    out[s] = 1;
    any = true;
  }
  return any;
}

const NO_OPTIONS = new Int32Array(0);

/**
 * After openZone(b, z) returned `open` (>= 0) for this position: could the move m mate? The moved
 * piece (promoted: the new kind) must attack, from where it lands on an empty board, every open bit
 * that no line through its vacated square may reach. Castling as in oneMoveMayMate.
 */
export function moveMayMate(b: Board, us: number, open: number, m: number): boolean {
  if (open === 0) return true;
  const d = b.board;
  const from = m & 127;
  const to = (m >> 7) & 127;
  if (((m >> 14) & 7) === F_CASTLE) return castlingMayMate(b, open, us, from, to > from ? from + 3 : from - 4);
  const need = needFrom(d, open, from, us);
  if (need === 0) return true;
  const promo = m >> 17;
  const code = promo !== 0 ? us | promo : d[from]!;
  return ((openCover!.stay(code, sq64(to), 511)[0] ?? 0) & need) === need;
}

/** The bits of `open` that no line through s, once s is vacated, may reach. */
function needFrom(d: Board['board'], open: number, s: number, us: number): number {
  let need = open;
  for (let bit = 0; bit < 9; bit++) if ((open >> bit) & 1 && mayDiscover(d, OPEN[bit]!, s, us, openKing)) need &= ~(1 << bit);
  return need;
}

/**
 * Could castling with the rook on `rook` (the king on e) leave every square of
 * `open` attacked? The king and the rook attack from where they land (king beside its start, rook on
 * its other side); a line through either vacated square may open.
 */
function castlingMayMate(b: Board, open: number, us: number, e: number, rook: number): boolean {
  const d = b.board;
  const right = rook > e ? (us === WHITE ? WK : BK) : us === WHITE ? WQ : BQ;
  if ((b.castling & right) === 0 || d[e] !== (us | KING) || d[rook] !== (us | ROOK)) return false;
  const kingTo = rook > e ? e + 2 : e - 2;
  const rookTo = rook > e ? e + 1 : e - 1;
  const need = needFrom(d, open, e, us) & needFrom(d, open, rook, us);
  const fc = openCover!;
  const mask = (fc.stay(us | KING, sq64(kingTo), 511)[0] ?? 0) | (fc.stay(us | ROOK, sq64(rookTo), 511)[0] ?? 0);
  return (mask & need) === need;
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

/** The number of bits set in x (a zone mask: nine bits at most). */
export function bitCount(x: number): number {
  let n = 0;
  for (let y = x; y !== 0; y &= y - 1) n++;
  return n;
}
