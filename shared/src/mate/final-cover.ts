/**
 * The final-square cover bound: at the end of a mating series every zone square of the enemy
 * king (its own square and its flights) is attacked, and each of our pieces stands on one final
 * square, reached at some cost (moves, or points in the cost variants) and attacking some zone
 * squares from there. The cheapest choice of one final square per piece that attacks every zone
 * square is a lower bound on the cost of the mate: travel and attacks are taken on an empty board
 * (blockers, pins and the opponent's replies ignored), so the choice can only be cheaper than
 * the truth. Promotions are final squares of the promoted piece.
 */
import { KING, PAWN, WHITE } from '../chess/tables.js';
import { zoneMasks, zoneSquares } from './zone-masks.js';
import { KeyTable } from './key-table.js';
import { FAR, pawnSteps, pieceMoves, promotionSquare, PROMOTIONS } from './reach.js';

/** Zone bit of the square at (file + df, rank + dr) of the king: (dr + 1) * 3 + (df + 1); bit 4 is the king. */
export const KING_BIT = 1 << 4;
const INF = 1 << 28;
const NONE = new Int32Array(0);
const FULL = 511;
/** Steps of cover's branch and bound before it hands over to the table search. */
const BRANCH_STEPS = 256;

/** Per enemy king square: the zone squares each role attacks from each square, and the cover search. */
export class FinalCover {
  /** masks[role * 64 + f]: zone bits attacked from f (role 0: black pawn, PAWN: white pawn). */
  private readonly masks: Uint16Array;
  private readonly cache = new Map<number, Int32Array>();
  private readonly memo = new KeyTable(300_000);
  private readonly best = new Int32Array(512);
  private readonly seen = new Int32Array(512);
  private stamp = 0;
  private readonly touched: number[] = [];
  private readonly dp = new Int32Array(512);
  /** dp[m] is valid when mark[m] === round (one round per cover call). */
  private readonly mark = new Int32Array(512);
  private round = 1;
  private readonly after = new Int32Array(17 * 9);
  private readonly active = new Int32Array(512);
  private readonly base = new Int32Array(512);
  private readonly lists: Int32Array[] = [];
  /** cover's pieces, most options first. */
  private readonly sorted: Int32Array[] = [];
  private readonly sortedPay = new Int32Array(32);

  /**
   * ksq: the enemy king (0..63); units: points per role code (index 1..6), all 1 when moves count;
   * double: pawns may double-step.
   */
  constructor(
    readonly ksq: number,
    readonly units: readonly number[],
    readonly double: boolean,
  ) {
    this.squares = zoneSquares(ksq);
    this.masks = zoneMasks(ksq, this.squares);
  }

  /** The square (0..63) of zone bit `bit`, or -1 off the board. */
  zoneSquare(bit: number): number {
    return this.squares[bit]!;
  }

  /** zoneSquare per bit. */
  private readonly squares: Int8Array;

  /**
   * A piece's options (cost * 512 + zone mask, cheapest first, none dominated by a cheaper one
   * attacking a superset), for zone bits `live`. code: colour | role; s: 0..63; mustMove: the
   * piece does not end where it stands.
   */
  options(code: number, s: number, live: number, castle: boolean, mustMove = false): Int32Array {
    // The zone bits rarely change within a search: the last list of each piece, square and flags first.
    const slot = ((code * 64 + s) << 2) | (castle ? 2 : 0) | (mustMove ? 1 : 0);
    if (this.recentLive[slot] === live) return this.recent[slot]!;
    const key = (((((code * 64 + s) * 512 + live) << 1) | (castle ? 1 : 0)) << 1) | (mustMove ? 1 : 0);
    const hit = this.cache.get(key) ?? this.made(code, s, live, castle, mustMove, key);
    this.recentLive[slot] = live;
    this.recent[slot] = hit;
    return hit;
  }

  /** The last options() answer per piece code, square and flags, and the zone bits it was made for (-1: none). */
  private readonly recentLive = new Int32Array(16 * 64 * 4).fill(-1);
  private readonly recent: Int32Array[] = new Array<Int32Array>(16 * 64 * 4).fill(NONE);

  /** made()'s options of the promoted pieces, per file * 4 + promotion. */
  private readonly promoted: Int32Array[] = new Array<Int32Array>(32).fill(NONE);

  /** options() worked out and kept. */
  private made(code: number, s: number, live: number, castle: boolean, mustMove: boolean, key: number): Int32Array {
    const role = code & 7;
    const color = code & 8;
    const units = this.units;
    // A promotion's options: the new piece's on the promotion squares the pawn reaches (asked first:
    // options() is not re-entrant), shifted by the price of the pawn's way there.
    const promoted = this.promoted;
    if (role === PAWN) {
      for (let file = 0; file < 8; file++) {
        if (pawnSteps(s, promotionSquare(file, color), color, this.double) >= FAR) continue;
        for (let i = 0; i < PROMOTIONS.length; i++) promoted[file * 4 + i] = this.options(color | PROMOTIONS[i]!, promotionSquare(file, color), live, false);
      }
    }
    this.touched.length = 0;
    this.stamp++;
    if (role === PAWN) {
      const pawnRole = color === WHITE ? PAWN : 0;
      for (let f = 0; f < 64; f++) {
        const mask = this.masks[pawnRole * 64 + f]! & live;
        if (mask === 0 || (mustMove && f === s)) continue;
        const steps = pawnSteps(s, f, color, this.double);
        if (steps < FAR) this.offer(steps * units[PAWN]!, mask);
      }
      for (let file = 0; file < 8; file++) {
        const p = promotionSquare(file, color);
        const steps = pawnSteps(s, p, color, this.double);
        if (steps >= FAR) continue;
        for (let i = 0; i < PROMOTIONS.length; i++) {
          // The promoting move costs the new kind's price (cost variants).
          const at = (steps - 1) * units[PAWN]! + units[PROMOTIONS[i]!]!;
          const opts = promoted[file * 4 + i]!;
          for (let k = 0; k < opts.length; k++) this.offer(at + (opts[k]! >> 9), opts[k]! & FULL);
        }
      }
    } else {
      for (let f = 0; f < 64; f++) {
        const mask = this.masks[role * 64 + f]! & live;
        if (mask === 0 || (mustMove && f === s)) continue;
        const d = pieceMoves(role, s, f, castle && role === KING, color);
        if (d < FAR) this.offer(d * units[role]!, mask);
      }
    }
    const out = this.pareto();
    if (this.cache.size > 100_000) this.cache.clear();
    this.cache.set(key, out);
    return out;
  }

  /** The one option of a piece that stays where it is (none when it attacks nothing of `live`). */
  stay(code: number, s: number, live: number): Int32Array {
    const role = code & 7;
    const at = (role === PAWN ? (code & 8) === WHITE ? PAWN : 0 : role) * 64 + s;
    if (this.stayLive[at] === live) return this.stayRecent[at]!;
    const mask = this.masks[at]! & live;
    const out = mask === 0 ? NONE : Int32Array.of(mask);
    this.stayLive[at] = live;
    this.stayRecent[at] = out;
    return out;
  }

  /** The last stay() answer per role and square (at) and its zone bits (-1: none): they rarely change within a search. */
  private readonly stayLive = new Int32Array(7 * 64).fill(-1);
  private readonly stayRecent: Int32Array[] = new Array<Int32Array>(7 * 64).fill(NONE);

  private offer(cost: number, mask: number): void {
    if (mask === 0) return;
    const best = this.best;
    if (this.seen[mask] !== this.stamp) {
      this.seen[mask] = this.stamp;
      this.touched.push(mask);
      best[mask] = cost;
    } else if (cost < best[mask]!) best[mask] = cost;
  }

  /** The offered options, cheapest first, without those a cheaper-or-equal option covers. */
  private pareto(): Int32Array {
    // A typed array's own numeric sort and plain loops: no callbacks, which a fresh pchess runs uncompiled.
    const touched = this.touched;
    const opts = new Int32Array(touched.length);
    for (let i = 0; i < touched.length; i++) opts[i] = this.best[touched[i]!]! * 512 + touched[i]!;
    opts.sort();
    let n = 0;
    for (let i = 0; i < opts.length; i++) {
      const m = opts[i]! & FULL;
      let covered = false;
      for (let j = 0; j < n && !covered; j++) covered = (opts[j]! & m) === m;
      if (!covered) opts[n++] = opts[i]!;
    }
    return opts.slice(0, n);
  }

  /**
   * Cheapest total cost of one option per piece (or none: the piece attacks nothing of the zone
   * where it ends, for pay[p], the price of a move when it must move) covering every bit of
   * `live`; a result above `limit` may be reported as limit + 1. Options as options() makes them:
   * cheapest first, zone bits within `live`.
   *
   * First a branch and bound on the zone bit fewest pieces can still cover (most answers are "above
   * the limit", found in a few steps); when it takes more than BRANCH_STEPS steps, the table
   * search (coverTable), whose work is bounded by the 512 sets of zone bits.
   */
  cover(given: readonly Int32Array[], count: number, live: number, limit: number, pay: Int32Array): number {
    let toPay = 0;
    for (let p = 0; p < count; p++) toPay += pay[p]!;
    const budget = limit - toPay;
    if (budget < 0) return limit + 1;
    // extra[p * 9 + bit]: the least a piece adds to its own due (pay[p]) by attacking the bit (INF: not within the budget).
    const extra = this.extra;
    extra.fill(INF, 0, count * 9);
    for (let p = 0; p < count; p++) {
      const opts = given[p]!;
      const due = pay[p]!;
      for (let k = 0; k < opts.length; k++) {
        const o = opts[k]!;
        const e = (o >> 9) - due;
        if (e > budget) break;
        for (let m = o & live; m !== 0; m &= m - 1) {
          const at = p * 9 + 31 - Math.clz32(m & -m);
          if (e < extra[at]!) extra[at] = e;
        }
      }
    }
    this.steps = 0;
    const r = this.branch(given, count, pay, live, 0, budget);
    if (r < 0) return this.coverTable(given, count, live, limit, pay);
    return r > budget ? limit + 1 : toPay + r;
  }

  private steps = 0;
  private readonly extra = new Int32Array(32 * 9);

  /**
   * The least extra cost (over the dues of the pieces) with which the pieces not in `used` attack
   * every bit of `open`: at most `budget`, or budget + 1 when it is above; -1 when the steps ran out.
   */
  private branch(lists: readonly Int32Array[], count: number, pay: Int32Array, open: number, used: number, budget: number): number {
    if (open === 0) return 0;
    if (++this.steps > BRANCH_STEPS) return -1;
    const extra = this.extra;
    // The bit fewest pieces can attack within the budget; the dearest bit's cheapest attack bounds the answer.
    let pick = -1;
    let fewest = INF;
    let floor = 0;
    for (let m = open; m !== 0; m &= m - 1) {
      const bit = 31 - Math.clz32(m & -m);
      let low = INF;
      let n = 0;
      for (let p = 0; p < count; p++) {
        if (((used >> p) & 1) !== 0) continue;
        const e = extra[p * 9 + bit]!;
        if (e <= budget) {
          n++;
          if (e < low) low = e;
        }
      }
      if (n === 0) return budget + 1;
      if (low > floor) floor = low;
      if (n < fewest) {
        fewest = n;
        pick = bit;
      }
    }
    const bit = 1 << pick;
    let best = budget + 1;
    for (let p = 0; p < count; p++) {
      if (((used >> p) & 1) !== 0 || extra[p * 9 + pick]! > budget) continue;
      const opts = lists[p]!;
      const due = pay[p]!;
      for (let k = 0; k < opts.length; k++) {
        const o = opts[k]!;
        const e = (o >> 9) - due;
        if (e >= best) break;
        if ((o & bit) === 0) continue;
        // An option of the piece no cheaper than one tried before it that attacks as much of `open` adds nothing.
        const reach = o & open;
        let dominated = false;
        for (let j = 0; j < k && !dominated; j++) {
          const before = opts[j]! & open;
          dominated = (before & bit) !== 0 && (before | reach) === before;
        }
        if (dominated) continue;
        const rest = this.branch(lists, count, pay, open & ~o, used | (1 << p), best - 1 - e);
        if (rest < 0) return -1;
        if (e + rest < best) {
          best = e + rest;
          if (best <= floor) return best;
        }
      }
    }
    return best;
  }

  /** cover() by a search over the sets of zone bits attacked, piece by piece (the reference, and the fallback of the branch and bound). */
  coverTable(given: readonly Int32Array[], count: number, live: number, limit: number, pay: Int32Array): number {
    // The pieces with most options first: the bound on the rest prunes far more states that way.
    const lists = this.sorted;
    const penalty = this.sortedPay;
    for (let p = 0; p < count; p++) {
      const opts = given[p]!;
      let j = p;
      for (; j > 0 && lists[j - 1]!.length < opts.length; j--) {
        lists[j] = lists[j - 1]!;
        penalty[j] = penalty[j - 1]!;
      }
      lists[j] = opts;
      penalty[j] = pay[p]!;
    }
    // after[p * 9 + bit]: the cheapest option of pieces p.. attacking the bit (INF: none within the limit).
    const after = this.after;
    after.fill(INF, count * 9, count * 9 + 9);
    for (let p = count - 1; p >= 0; p--) {
      for (let bit = 0; bit < 9; bit++) after[p * 9 + bit] = after[p * 9 + 9 + bit]!;
      const opts = lists[p]!;
      for (let k = 0; k < opts.length; k++) {
        const o = opts[k]!;
        const c = o >> 9;
        if (c > limit) break;
        for (let m = o & live; m !== 0; m &= m - 1) {
          const at = p * 9 + 31 - Math.clz32(m & -m);
          if (c < after[at]!) after[at] = c;
        }
      }
    }
    const floor = this.rest(live, 0);
    if (floor > limit) return limit + 1;
    const dp = this.dp;
    const active = this.active;
    const base = this.base;
    const round = ++this.round;
    dp[0] = 0;
    this.mark[0] = round;
    active[0] = 0;
    let n = 1;
    // Every piece that must move pays at least its penalty: with the floor, a bound on the answer.
    let toPay = 0;
    for (let p = 0; p < count; p++) toPay += penalty[p]!;
    const lb = Math.max(floor, toPay);
    if (lb > limit) return limit + 1;
    for (let p = 0; p < count; p++) {
      // Done once the zone is covered at the bound, the pieces still to come paying their penalties.
      if (this.mark[live] === round && dp[live]! + toPay <= lb) break;
      const opts = lists[p]!;
      const pay = penalty[p]!;
      if (opts.length === 0 && pay === 0) continue;
      const due = toPay;
      // The dearest bit of all for pieces p..: states cheaper than limit - worst need no closer look.
      const worst = this.rest(live, p);
      toPay -= pay;
      const before = n;
      for (let i = 0; i < before; i++) base[i] = dp[active[i]!]!;
      // A piece that must move pays for a move even where it attacks nothing of the zone.
      if (pay !== 0) for (let i = 0; i < before; i++) dp[active[i]!] = base[i]! + pay;
      for (let i = 0; i < before; i++) {
        const m = active[i]!;
        const b = base[i]!;
        if (m === live || b + due > limit || (b + worst > limit && b + this.rest(live & ~m, p) > limit)) continue;
        for (let k = 0; k < opts.length; k++) {
          const o = opts[k]!;
          const c = b + (o >> 9);
          if (c > limit) break;
          const next = m | (o & FULL);
          if (next === m) continue;
          const had = this.mark[next] === round ? dp[next]! : INF;
          if (c < had) {
            if (had === INF) {
              active[n++] = next;
              this.mark[next] = round;
            }
            dp[next] = c;
          }
        }
      }
    }
    const r = this.mark[live] === round ? dp[live]! + toPay : INF;
    return r > limit ? limit + 1 : r;
  }

  /** The dearest over the bits of `open` of the cheapest option of pieces p.. attacking it: a bound on covering them. */
  private rest(open: number, p: number): number {
    let r = 0;
    for (let m = open; m !== 0; m &= m - 1) r = Math.max(r, this.after[p * 9 + 31 - Math.clz32(m & -m)]!);
    return r;
  }

  /**
   * cover() remembered by `key` (the caller's exact 53-bit key of the pieces and live bits): an
   * answer at or below its limit is exact, above it only says "above that limit".
   */
  coverMemo(key: number, lists: readonly Int32Array[], count: number, live: number, limit: number, penalty: Int32Array): number {
    const hit = this.memo.get(key);
    if (hit >= 0) {
      const v = hit >> 10;
      const lim = hit & 1023;
      if (v <= lim) return v <= limit ? v : limit + 1;
      if (limit <= lim) return limit + 1;
    }
    const r = this.cover(lists, count, live, limit, penalty);
    if (limit < 1023) this.memo.set(key, r * 1024 + limit);
    return r;
  }

  /** The per-piece option lists of the caller, reused between calls. */
  listsFor(count: number): Int32Array[] {
    while (this.lists.length < count) this.lists.push(new Int32Array(0));
    return this.lists;
  }
}
