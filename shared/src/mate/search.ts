/**
 * The series search behind findMate, on the internal board with make/unmake. One depth-first
 * search over the rest of the series (the opponent does not move inside it), with:
 * - moves ordered by the king-zone bound after them (fewest moves still needed, most zone squares attacked,
 *   nearest the enemy king; Take-All: captures first);
 * - a transposition table keyed by the position plus series state, holding "no mate within n moves";
 * - pruning only where a lower bound proves the mate out of reach, so an exhausted search is a proof.
 * Variants whose series may stop early (a check ends it, Take-All ends on the last capture) are
 * searched by iterative deepening, so the shortest mate is found first.
 */
import { type Board, COUNT, KING_SQ, KINGS } from '../chess/board.js';
import { relevantEp } from '../chess/fen.js';
import { insufficientMaterial } from '../chess/material.js';
import { BUF, generateRoot } from '../chess/movegen.js';
import { ATTACK_BIT, ATTACKS, F_CASTLE, F_DOUBLE, F_EP, STEP, WHITE } from '../chess/tables.js';
import { kingSteps } from './bound.js';
import { KEYS, OPENS, SCORES, sortByScore } from './order.js';
import type { SearchSetup } from './setup.js';
import { KeyTable } from './key-table.js';
import { KeyHalves, seriesKey } from './zobrist.js';
import { bitCount, lastMovers, moveMayMate, openZone, openZoneAfter, reopenZone } from './last-move.js';
import { piecesLeft, zoneBound, type ZoneBound } from './zone.js';
import { FixedPieces } from './zone-fixed.js';
import { ZoneDelta } from './zone-delta.js';

export interface SearchLimits {
  readonly maxNodes: number;
  /** True when time is up (checked every few thousand nodes). */
  readonly outOfTime: () => boolean;
}

/** Accepts a mating sequence found by the model (the caller replays it through the rules). */
export type Verify = (moves: readonly number[]) => boolean;

const WIN = 1;
const DEAD = 2;
const GO = 3;
const TT_LIMIT = 4_000_000;
/** The pieces that may make a mating last move, marked 1 (last-move.ts), for one node at a time. */
const LAST_MOVERS = new Uint8Array(128);

export class SeriesSearch {
  nodes = 0;
  stopped = false;
  private readonly tt = new KeyTable(TT_LIMIT);
  private readonly path: number[] = [];
  private readonly bound: ZoneBound = { moves: 0, points: 0, covered: 0 };
  private readonly delta = new ZoneDelta();
  /** openZone's answer for the node whose children classify() looks at with one move left after them. */
  private nodeOpen = -1;
  found: number[] | null = null;

  /**
   * movers: when set, only the pieces on squares marked 1 may move (the marks follow them), and
   * each of them must move at least once; such a search proves nothing about other series.
   */
  constructor(
    private readonly s: SearchSetup,
    private limits: SearchLimits,
    private readonly verify: Verify,
    private readonly movers: Uint8Array | null = null,
  ) {
    if (movers) for (const v of movers) if (v === 1) this.unmoved++;
    this.fixed = movers ? new FixedPieces(s.b, s.us, s.costs, movers) : null;
  }

  /** The pieces of a few-pieces set search that may not move (its zone bounds take them as worked out once). */
  private readonly fixed: FixedPieces | null;

  /** Goes on under new limits after a stop (the table keeps what was proved). */
  resume(limits: SearchLimits): void {
    this.limits = limits;
    this.stopped = false;
  }

  /** Searches mates of at most `left` more moves (exactly `left` where the series must be played out). */
  run(left: number): boolean {
    const s = this.s;
    return this.dfs(s.spent, s.moved, s.epNext, left, 0, -1);
  }

  private tick(): boolean {
    this.nodes++;
    // a node can cost a fifth of a millisecond (Italian, Escalation): the clock is read every 64 nodes,
    // after the first 256 (a short mate is found however small the budget, as on code not yet compiled)
    if ((this.nodes & 63) === 0 && this.nodes >= 256 && this.limits.outOfTime()) this.stopped = true;
    if (this.nodes >= this.limits.maxNodes) this.stopped = true;
    return this.stopped;
  }

  private cost(m: number): number {
    const costs = this.s.costs;
    if (!costs) return 1;
    const promo = m >> 17;
    return costs[promo !== 0 ? promo : this.s.b.board[m & 127]! & 7]!;
  }

  /**
   * known: the position's key, worked out when its parent classified it (-1: not known); knownOpen:
   * likewise openZone's answer where one move is left (-2: not known).
   */
  private dfs(spent: number, moved: number[], epNext: number[], left: number, base: number, known: number, knownOpen = -2): boolean {
    if (this.tick()) return false;
    if (this.unmoved > left) return false;
    const s = this.s;
    const b = s.b;
    // The last move must mate: only the pieces that may attack the zone squares left open move
    // (last-move.ts; each of their moves is tested below). English cycles look at every piece's moves.
    let open = -1;
    if (left === 1 && !s.takeAll) {
      if (knownOpen === -2) open = openZone(b, s.zone);
      else if ((open = knownOpen) > 0) reopenZone(b, s.zone, open);
    }
    let only = s.cycles ? null : this.movers;
    if (open > 0 && !s.cycles) {
      if (!lastMovers(b, s.us, open, this.movers, LAST_MOVERS)) return false;
      only = LAST_MOVERS;
    }
    // A few-pieces set: only its pieces' moves (English cycles look at every piece's, below).
    const end = generateRoot(b, base, s.rules, only);
    if (only === LAST_MOVERS) LAST_MOVERS.fill(0);
    if (s.cycles && moved.length > 0) {
      let unmovedLeft = false;
      for (let i = base; i < end && !unmovedLeft; i++) if (!moved.includes(BUF[i]! & 127)) unmovedLeft = true;
      if (!unmovedLeft) moved = [];
    }
    // Every node is keyed, the last move's too: its move list and check probes cost more than a table entry.
    const key = known >= 0 ? known : seriesKey(b, spent, moved, epNext);
    if (this.tt.get(key) >= left) return false;
    // The root's bound (a child's was worked out when its parent classified it).
    if (!s.takeAll && left > 1 && this.path.length === 0) {
      const z = zoneBound(b, s.zone, left, s.costs ? s.budget - spent : left, true, this.bound, this.movers, this.fixed);
      if (z.moves > left || z.points > s.budget - spent) return false;
    }
    // The children's zone bounds start from this node's pieces (zone-delta.ts; one move left: mostly openZone's test).
    if (left === 2 && !s.takeAll) this.nodeOpen = openZone(b, s.zone);
    if (!s.takeAll && left > 2) this.delta.node(b, s.zone);
    else this.delta.drop();
    let w = base;
    // The last move must give check (Italian, and where a check ends the series): skip moves that cannot.
    const ksq = left === 1 && s.royal && (s.lastOnly || s.endsSeries) ? enemyKing(b, s.us) : -1;
    for (let i = base; i < end; i++) {
      const m = BUF[i]!;
      if (this.movers && this.movers[m & 127] === 0) continue;
      if (ksq >= 0 && !mayCheck(b, m, ksq)) continue;
      if (open >= 0 && !moveMayMate(b, s.us, open, m)) continue;
      if (s.cycles && moved.includes(m & 127)) continue;
      const cost = this.cost(m);
      if (cost > s.budget - spent) continue;
      // The child's key: this node's, the terms m changes taken out here and put back after it (classify;
      // a last move's child is classified without its key, and most probes are of last moves).
      if (!s.cycles && left > 1) this.parentKey.without(key, b, m, s.us, spent, epNext);
      const kind = this.probe(m, spent + cost, moved, nextEp(s.enPassant, s.us, epNext, m), left, end);
      if (kind === WIN) {
        this.found = [...this.path, m];
        return true;
      }
      if (kind === GO) {
        BUF[w] = m;
        SCORES[w] = this.score;
        KEYS[w] = this.childKey;
        OPENS[w] = this.childOpen;
        w++;
      }
    }
    sortByScore(base, w);
    for (let i = base; i < w; i++) {
      const m = BUF[i]!;
      const cost = this.cost(m);
      const nextMoved = s.cycles ? movedAfter(moved, m) : moved;
      const ep = nextEp(s.enPassant, s.us, epNext, m);
      this.enter(m);
      this.path.push(m);
      const hit = this.dfs(spent + cost, nextMoved, ep, left - 1, w, KEYS[i]!, OPENS[i]!);
      this.path.pop();
      this.leave(m);
      if (hit) return true;
      if (this.stopped) return false;
    }
    this.remember(key, left);
    return false;
  }

  private score = 0;
  /** The key of the node being classified, without the terms its move changes (not kept for English cycles). */
  private readonly parentKey = new KeyHalves();
  /** The key of the child classify() let through (-1 where the English cycles leave it to the node). */
  private childKey = -1;
  /** openZone's answer for the child classify() let through with one move left (-2: not worked out). */
  private childOpen = -2;

  private enter(m: number): void {
    const b = this.s.b;
    if (this.movers) this.mark(m);
    b.make(m);
    b.side = this.s.us;
    b.epCount = 0;
  }

  private leave(m: number): void {
    const b = this.s.b;
    b.side = this.s.us ^ 8;
    b.unmake(m);
    if (this.movers) this.unmark(m);
  }

  /** The pieces that may move and have not moved yet (movers marked 1; a mover that moved is marked 2). */
  private unmoved = 0;
  private readonly marks: number[] = [];

  private mark(m: number): void {
    const from = m & 127;
    const to = (m >> 7) & 127;
    this.carry(from, to);
    if (((m >> 14) & 7) === F_CASTLE) this.carry(to > from ? from + 3 : from - 4, to > from ? to - 1 : to + 1);
  }

  private carry(from: number, to: number): void {
    const movers = this.movers!;
    const was = movers[from]!;
    this.marks.push(was);
    if (was === 1) this.unmoved--;
    movers[from] = 0;
    movers[to] = was === 0 ? 0 : 2;
  }

  private unmark(m: number): void {
    const from = m & 127;
    const to = (m >> 7) & 127;
    if (((m >> 14) & 7) === F_CASTLE) this.uncarry(to > from ? from + 3 : from - 4, to > from ? to - 1 : to + 1);
    this.uncarry(from, to);
  }

  private uncarry(from: number, to: number): void {
    const movers = this.movers!;
    const was = this.marks.pop()!;
    if (was === 1) this.unmoved++;
    movers[to] = 0;
    movers[from] = was;
  }

  /** Plays m, classifies the child (WIN, DEAD or GO with `this.score` set) and takes it back. */
  private probe(m: number, spent: number, moved: number[], epNext: number[], left: number, base: number): number {
    const s = this.s;
    const b = s.b;
    const to = (m >> 7) & 127;
    const capture = b.board[to] !== 0 || ((m >> 14) & 7) === F_EP;
    this.enter(m);
    const kind = this.classify(m, capture, spent, moved, epNext, left, base);
    this.leave(m);
    return kind;
  }

  private classify(m: number, capture: boolean, spent: number, moved: number[], epNext: number[], left: number, base: number): number {
    const s = this.s;
    const b = s.b;
    const them = s.us ^ 8;
    if (capture) {
      if (s.takeAll && b.board[COUNT + (them >> 3)] === 0) return this.accept(m);
      if (!s.takeAll && insufficientMaterial(b)) return DEAD;
    }
    const last = spent >= s.budget;
    // A transposition already searched or refuted (English cycles are left to the node, which may reset them),
    // looked up before the check test, which it spares: the table holds only positions that passed it (none
    // whose check ends the series or is not allowed there) and no last move's, so a hit is DEAD either way.
    const key = s.cycles || last || left <= 1 ? -1 : this.parentKey.with(b, m, s.us, spent, epNext);
    this.childKey = key;
    this.childOpen = -2;
    if (key >= 0 && this.tt.get(key) >= left - 1) return DEAD;
    const check = s.royal && (s.lastOnly || s.endsSeries || last) && b.kingAttacked(them);
    if (s.lastOnly && check && !last) return DEAD;
    if (last || (check && s.endsSeries)) {
      return !s.takeAll && check && this.mated(epNext, base) ? this.accept(m) : DEAD;
    }
    if (left <= 1) return DEAD;
    if (this.unmoved > left - 1) return DEAD;
    // One move left after this one: only a piece that may attack every zone square left open may make
    // it (a few-pieces set: only one of its pieces). The child's search starts from what is found here.
    if (left === 2 && !s.takeAll) {
      const open = openZoneAfter(b, s.zone, this.nodeOpen, m, capture);
      if (open > 0 && !lastMovers(b, s.us, open, this.movers, null)) return this.refuted(key, 1);
      this.childOpen = open;
      // Moves cost one: that test implies the zone bound's (each zone square attacked within one move);
      // the children are taken fewest open squares first, then nearest the enemy king.
      if (open >= 0 && !s.costs) {
        this.score = bitCount(open) * 50 + kingSteps(to88Of(m), b.board[KING_SQ + (them >> 3)]!) * 5 - (capture ? 20 : 0);
        return GO;
      }
    }
    if (s.takeAll) {
      if (piecesLeft(b, s.us) > left - 1) return this.refuted(key, left - 1);
      this.score = (capture ? 0 : 100) + piecesLeft(b, s.us) * 1000;
      return GO;
    }
    const z = this.delta.bound(b, s.zone, m, capture, left - 1, s.costs ? s.budget - spent : left - 1, left - 1 > 1, this.bound, this.movers, this.fixed);
    if (z.moves > left - 1 || z.points > s.budget - spent) return this.refuted(key, left - 1);
    const enemyKing = b.board[KING_SQ + (them >> 3)]!;
    this.score = z.moves * 1000 - z.covered * 50 + kingSteps(to88Of(m), enemyKing) * 5 - (capture ? 20 : 0);
    return GO;
  }

  /**
   * A child the bound proved out of reach: remembered like a searched node ("no mate within
   * `within` moves"), so the other orders that reach it skip the bound.
   */
  private refuted(key: number, within: number): number {
    if (key >= 0) this.remember(key, within);
    return DEAD;
  }

  private remember(key: number, within: number): void {
    this.tt.set(key, within);
  }

  private accept(m: number): number {
    // The board holds the position after m; the rules replay starts from the root, so take m back first.
    this.leave(m);
    const ok = this.verify([...this.path, m]);
    this.enter(m);
    return ok ? WIN : DEAD;
  }

  /** The opponent's turn starts in check: does it have no allowed first move (checkmate, progressive checkmate)? */
  private mated(epNext: number[], base: number): boolean {
    const s = this.s;
    const b = s.b;
    b.side = s.us ^ 8;
    if (s.enPassant && epNext.length > 0) b.setEp(relevantEp(b, epNext));
    const end = generateRoot(b, base, s.rules);
    let escape = false;
    for (let i = base; i < end && !escape; i++) {
      const m = BUF[i]!;
      if (s.costs && this.cost(m) > s.nextBudget) continue;
      if (s.lastOnly && s.nextBudget > 1) {
        b.make(m);
        const check = b.kingAttacked(s.us);
        b.unmake(m);
        if (check) continue;
      }
      escape = true;
    }
    b.epCount = 0;
    b.side = s.us;
    return !escape;
  }
}

const to88Of = (m: number): number => (m >> 7) & 127;

/** The square of the opponent's single king, or -1. */
function enemyKing(b: Board, us: number): number {
  const ci = (us ^ 8) >> 3;
  return b.board[KINGS + ci] === 1 ? b.board[KING_SQ + ci]! : -1;
}

/**
 * Could m give check to the king on ksq? A cheap necessary test: the piece (or its promotion)
 * attacks ksq from the target on an empty board, or it leaves a line through ksq (discovery),
 * or the move is castling or en passant.
 */
function mayCheck(b: Board, m: number, ksq: number): boolean {
  const from = m & 127;
  const to = (m >> 7) & 127;
  const flag = (m >> 14) & 7;
  if (flag === F_CASTLE || flag === F_EP) return true;
  const promo = m >> 17;
  const code = promo !== 0 ? (b.board[from]! & 8) | promo : b.board[from]!;
  if ((ATTACKS[ksq - to + 119]! & ATTACK_BIT[code]!) !== 0) return true;
  return STEP[ksq - from + 119] !== 0;
}

/** English: the squares of the pieces that have moved in the cycle, after m. */
function movedAfter(moved: readonly number[], m: number): number[] {
  const from = m & 127;
  const to = (m >> 7) & 127;
  const out = [...moved, to];
  if (((m >> 14) & 7) === F_CASTLE) out.push(to > from ? to - 1 : to + 1);
  return out;
}

/** This turn's double steps open to en passant next turn, after m (a pawn that moves again closes its target). */
function nextEp(enPassant: boolean, us: number, epNext: number[], m: number): number[] {
  if (!enPassant) return epNext;
  const from = m & 127;
  const double = ((m >> 14) & 7) === F_DOUBLE;
  // Most moves neither double-step nor move a pawn that did: the same list, made without a closure (pchess runs this uncompiled).
  if (!double && epNext.length === 0) return epNext;
  // The target behind a pawn that moves again is closed: plain loops, no callbacks (megamorphic in the warm search, uncompiled in pchess).
  const behind = us === WHITE ? 16 : -16;
  let closes = false;
  for (let i = 0; i < epNext.length && !closes; i++) closes = epNext[i]! + behind === from;
  if (!double && !closes) return epNext;
  const out: number[] = [];
  for (let i = 0; i < epNext.length; i++) if (epNext[i]! + behind !== from) out.push(epNext[i]!);
  if (double) out.push((from + ((m >> 7) & 127)) >> 1);
  return out;
}
