/**
 * zoneBound (zone.ts) for the children of one node, worked out from the node's pieces. A move of
 * ours changes one piece's square and nothing else the bound reads (the enemy king stays, and
 * without a capture the enemy pieces stay too): the other pieces' distances to the zone squares,
 * their option lists and their terms of the cover memo key are those of the parent. So the node
 * works them out once (prepare, when its first child asks) and each child only adds its moved piece (bound), instead of going
 * through every piece for each of its children. Moves that change more (captures, castling,
 * promotions, castling rights lost) go through zoneBound itself. The answer is zoneBound's, exactly.
 */
import { type Board, COUNT, KING_SQ, KINGS, LIST } from '../chess/board.js';
import { BISHOP, F_CASTLE, KING, KING_DELTAS, QUEEN, ROOK, WHITE } from '../chess/tables.js';
import { distanceAt, distanceTable, FAR, raySteps, UNSET } from './bound.js';
import type { FinalCover } from './final-cover.js';
import type { FixedPieces } from './zone-fixed.js';
import {
  collectTargets, coverFor, fixedMask, liveBits, mix, ONES, sq64, TARGETS, zoneBound, type ZoneBound, type ZoneRules,
} from './zone.js';

const PENALTY = new Int32Array(16);
const NONE = new Int32Array(0);

export class ZoneDelta {
  /** prepare() found a position its children may be bounded from. */
  private ready = false;
  private ksq = 0;
  private n = 0;
  private readonly targets = new Int32Array(9);
  private castle = false;
  private ourKing = -1;
  private pieces = 0;
  /** The list index of each of our pieces' squares (0x88), -1 elsewhere. */
  private readonly index = new Int8Array(128).fill(-1);
  /** Per target: the least moves and the least points of the pieces. */
  private readonly moves = new Least();
  private readonly points = new Least();
  /** The cover: its search, the live bits, the castling slack, the trim count the ids below belong to. */
  private fc: FinalCover | null = null;
  private live = 0;
  private slack = 0;
  private trims = 0;
  /**
   * Per piece: its options below were made (1). Not before a child needs them: most children are
   * pruned by the per-square bound, and making a new list costs more than a child.
   */
  private readonly made = new Uint8Array(16);
  /** Per piece (list index): skipped (a fixed piece: 1), must move, due, cheapest option, key terms, list. */
  private readonly skip = new Uint8Array(16);
  private readonly must = new Uint8Array(16);
  private readonly due = new Int32Array(16);
  private readonly cheapest = new Int32Array(16);
  private readonly termLo = new Int32Array(16);
  private readonly termHi = new Int32Array(16);
  private readonly opts: Int32Array[] = new Array<Int32Array>(16).fill(NONE);
  /** Italian: the directions from the enemy king with an enemy slider of that line on them (discoverySteps). */
  private rays = 0;

  /**
   * prepare() is yet to be done for the node's position, by its first child that asks (most nodes
   * with few children that reach the bound cost less without it).
   */
  private pending = false;

  /** Forgets the prepared position (bound() then goes through zoneBound). */
  drop(): void {
    this.ready = false;
    this.pending = false;
  }

  /** A new node, the position on the board (z.us to move): prepared when its first child asks. */
  node(b: Board, z: ZoneRules): void {
    this.ready = false;
    this.pending = true;
    this.castle = (b.castling & (z.us === WHITE ? 3 : 12)) !== 0;
  }

  /**
   * Works out the pieces' parts for the children of the node, from its first child that asks: the
   * board is after our plain move from -> to (no capture, castling or promotion), whose piece is
   * taken where it stood (a mover, as it moved: its mark no matter).
   */
  private prepare(b: Board, z: ZoneRules, movers: Uint8Array | null, fixed: FixedPieces | null, from: number, to: number): void {
    const them = z.us ^ 8;
    const d = b.board;
    this.ready = false;
    this.pending = false;
    if (d[KINGS + (them >> 3)] !== 1) return;
    const pieces = d[COUNT + (z.us >> 3)]!;
    if (pieces > 16) return;
    const ksq = (this.ksq = d[KING_SQ + (them >> 3)]!);
    const n = (this.n = collectTargets(b, z, ksq));
    this.targets.set(TARGETS.subarray(0, n));
    const castle = (this.castle = (b.castling & (z.us === WHITE ? 3 : 12)) !== 0);
    this.moves.reset(FAR);
    this.points.reset(FAR * 100);
    const fc = (this.fc = coverFor(ksq, z.costs ?? ONES, z.double));
    fc.trim();
    this.trims = fc.trims;
    let live = liveBits(b, z, fc);
    if (fixed) live &= ~fixedMask(b, fc, fixed, live);
    this.live = live;
    this.slack = castle ? (z.costs ? z.costs[ROOK]! : 1) : 0;
    this.index.fill(-1);
    this.ourKing = -1;
    const base = LIST + (z.us << 3);
    this.pieces = pieces;
    for (let i = 0; i < pieces; i++) {
      const now = d[base + i]!;
      const code = d[now]!;
      const s = now === to ? from : now;
      this.index[s] = i;
      if ((code & 7) === KING) this.ourKing = s;
      this.skip[i] = fixed && fixed.at[s] === 1 ? 1 : 0;
      if (this.skip[i] === 1) continue;
      this.addDistances(i, code, s, z, now === to ? null : movers);
    }
    this.made.fill(0);
    this.rays = z.lastOnly ? sliderRays(b, z.us, ksq) : 0;
    this.ready = true;
  }

  /**
   * zoneBound(b, z, left, limit, exact, out, movers, fixed) for the child after our move m (played:
   * the board and the movers' marks as after it), the node's position being the last prepared.
   */
  bound(
    b: Board, z: ZoneRules, m: number, capture: boolean, left: number, limit: number, exact: boolean, out: ZoneBound,
    movers: Uint8Array | null, fixed: FixedPieces | null,
  ): ZoneBound {
    const from = m & 127;
    const to = (m >> 7) & 127;
    const d = b.board;
    const castle = (b.castling & (z.us === WHITE ? 3 : 12)) !== 0;
    const plain = !capture && ((m >> 14) & 7) !== F_CASTLE && m >> 17 === 0 && castle === this.castle;
    if (this.pending && plain) this.prepare(b, z, movers, fixed, from, to);
    const i = this.index[from]!;
    if (!this.ready || !plain || i < 0 || this.skip[i] === 1 ||
      this.fc!.trims !== this.trims || d[LIST + (z.us << 3) + i] !== to) {
      return zoneBound(b, z, left, limit, exact, out, movers, fixed);
    }
    const code = d[to]!;
    const role = code & 7;
    const unit = z.costs ? z.costs[role]! : 1;
    const kc = role === KING && castle;
    const table = distanceTable(code, kc);
    const still = movers !== null && movers[to] === 0;
    let moves = 0;
    let points = 0;
    let covered = 0;
    let movesKing = 0;
    let pointsKing = 0;
    for (let j = 0; j < this.n; j++) {
      const t = this.targets[j]!;
      let dist = role === KING && j === 0 ? FAR : table[to * 128 + t]!;
      if (dist === UNSET) dist = distanceAt(table, code, kc, to, t);
      if (still && dist > 0) dist = FAR;
      let bm = Math.min(this.moves.without(j, i), dist);
      let bp = Math.min(this.points.without(j, i), dist * unit);
      if (fixed) {
        if (fixed.hit[t] === 1) bm = bp = 0;
        else if (fixed.farPoints < bp) bp = fixed.farPoints;
      }
      if (j === 0) {
        movesKing = bm;
        pointsKing = bp;
      }
      if (bm === 0) covered++;
      moves = Math.max(moves, bm);
      points = Math.max(points, bp);
    }
    out.covered = covered;
    if (exact && points <= limit) {
      const fc = this.fc!;
      const live = this.live;
      const lim = limit + this.slack;
      const lists = fc.listsFor(this.pieces);
      let lo = Math.imul(live, 0x9e3779b1);
      let hi = Math.imul(live, 0x85ebca6b);
      let count = 0;
      for (let k = 0; k < this.pieces; k++) {
        if (this.skip[k] === 1) continue;
        if (k === i) {
          // The moved piece, as zoneBound takes it from where it landed.
          const mustNow = movers !== null && movers[to] === 1;
          const id = still ? fc.stayId(code, sq64(to), live) : fc.optionsId(code, sq64(to), live, kc, mustNow);
          const opts = fc.list(id);
          if (!mustNow && (opts.length === 0 || opts[0]! >> 9 > lim)) continue;
          const due = mustNow ? unit : 0;
          const term = id * 1024 + due;
          lo = (lo + mix(term, 0x2c1b3c6d)) | 0;
          hi = (hi + mix(term, 0x297a2d39)) | 0;
          PENALTY[count] = due;
          lists[count++] = opts;
          continue;
        }
        // Another piece: where it stood before the move, its mark unchanged.
        if (this.made[k] === 0) this.addOptions(k, d[d[LIST + (z.us << 3) + k]!]!, d[LIST + (z.us << 3) + k]!, z, movers);
        if (this.must[k] === 0 && this.cheapest[k]! > lim) continue;
        lo = (lo + this.termLo[k]!) | 0;
        hi = (hi + this.termHi[k]!) | 0;
        PENALTY[count] = this.due[k]!;
        lists[count++] = this.opts[k]!;
      }
      const key = (hi & 0x1fffff) * 4294967296 + (lo >>> 0);
      points = Math.max(points, fc.coverMemo(key, lists, count, live, lim, PENALTY) - this.slack);
      if (!z.costs) moves = points;
    }
    const ourKing = role === KING ? to : this.ourKing;
    if (z.lastOnly && ourKing >= 0 && (points > pointsKing || moves > movesKing)) {
      // As zoneBound: or the flights stay open and our king walks to where a king move would discover check.
      let steps = FAR;
      for (let k = 0; k < 8; k++) if ((this.rays >> k) & 1) steps = Math.min(steps, raySteps(k, this.ksq, ourKing));
      steps -= castle ? 1 : 0;
      if (steps < FAR - 1) {
        moves = Math.min(moves, steps + movesKing);
        points = Math.min(points, steps * (z.costs ? z.costs[KING]! : 1) + pointsKing);
      }
    }
    out.moves = moves;
    out.points = points;
    return out;
  }

  /** Piece i's distances to the targets, kept as the least or second least of each. */
  private addDistances(i: number, code: number, s: number, z: ZoneRules, movers: Uint8Array | null): void {
    const king = (code & 7) === KING;
    const unit = z.costs ? z.costs[code & 7]! : 1;
    const kc = king && this.castle;
    const table = distanceTable(code, kc);
    const still = movers !== null && movers[s] === 0;
    for (let j = 0; j < this.n; j++) {
      const t = this.targets[j]!;
      let dist = king && j === 0 ? FAR : table[s * 128 + t]!;
      if (dist === UNSET) dist = distanceAt(table, code, kc, s, t);
      if (still && dist > 0) dist = FAR;
      this.moves.offer(j, dist, i);
      this.points.offer(j, dist * unit, i);
    }
  }

  /** Piece i's option list and its terms of the cover memo key (as zoneBound makes them). */
  private addOptions(i: number, code: number, s: number, z: ZoneRules, movers: Uint8Array | null): void {
    const fc = this.fc!;
    const still = movers !== null && movers[s] === 0;
    const must = movers !== null && movers[s] === 1;
    const id = still ? fc.stayId(code, sq64(s), this.live) : fc.optionsId(code, sq64(s), this.live, (code & 7) === KING && this.castle, must);
    const opts = fc.list(id);
    const due = must ? (z.costs ? z.costs[code & 7]! : 1) : 0;
    const term = id * 1024 + due;
    this.must[i] = must ? 1 : 0;
    this.due[i] = due;
    this.cheapest[i] = opts.length === 0 ? FAR * 1000 : opts[0]! >> 9;
    this.termLo[i] = mix(term, 0x2c1b3c6d);
    this.termHi[i] = mix(term, 0x297a2d39);
    this.opts[i] = opts;
    this.made[i] = 1;
  }
}

/** Per target j: the least value offered, the piece (list index) that offered it, and the least of the other pieces'. */
class Least {
  private readonly best = new Int32Array(9);
  private readonly by = new Int32Array(9);
  private readonly next = new Int32Array(9);

  reset(none: number): void {
    this.best.fill(none);
    this.next.fill(none);
    this.by.fill(-1);
  }

  offer(j: number, v: number, piece: number): void {
    if (v < this.best[j]!) {
      this.next[j] = this.best[j]!;
      this.best[j] = v;
      this.by[j] = piece;
    } else if (v < this.next[j]!) this.next[j] = v;
  }

  /** The least value at j of the pieces other than `piece`. */
  without(j: number, piece: number): number {
    return this.by[j] === piece ? this.next[j]! : this.best[j]!;
  }
}

/** The directions k (bits) from ksq along which an enemy slider of that line stands (as discoverySteps looks). */
function sliderRays(b: Board, us: number, ksq: number): number {
  const them = us ^ 8;
  let rays = 0;
  for (let k = 0; k < 8; k++) {
    const step = KING_DELTAS[k]!;
    const slider = them | (k < 4 ? ROOK : BISHOP);
    for (let t = ksq + step; (t & 0x88) === 0; t += step) {
      const p = b.board[t]!;
      if (p === (them | QUEEN) || p === slider) {
        rays |= 1 << k;
        break;
      }
    }
  }
  return rays;
}
