/**
 * The final-square cover bound: at the end of a mating series every zone square of the enemy
 * king (its own square and its flights) is attacked, and each of our pieces stands on one final
 * square, reached at some cost (moves, or points in the cost variants) and attacking some zone
 * squares from there. The cheapest choice of one final square per piece that attacks every zone
 * square is a lower bound on the cost of the mate: travel and attacks are taken on an empty board
 * (blockers, pins and the opponent's replies ignored), so the choice can only be cheaper than
 * the truth. Promotions are final squares of the promoted piece.
 */
import { KeyTable } from './key-table.js';
import { FinalOptions, FULL } from './final-options.js';

/** Zone bit of the square at (file + df, rank + dr) of the king: (dr + 1) * 3 + (df + 1); bit 4 is the king. */
export const KING_BIT = 1 << 4;
const INF = 1 << 28;
/** Steps of cover's branch and bound before it hands over to the table search. */
const BRANCH_STEPS = 256;

/** Per enemy king square: the pieces' options (final-options.ts) and the cover search. */
export class FinalCover extends FinalOptions {
  private readonly memo = new KeyTable(300_000);
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
   * cover() remembered by `key` (the caller's exact 53-bit key of the pieces' lists, their dues and
   * the live bits, from the lists' ids): an answer at or below its limit is exact, above it only
   * says "above that limit".
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

  /** Called before the caller takes any list id for a key: when the lists were forgotten, the memo goes too. */
  trim(): void {
    if (this.trimmed()) this.memo.clear();
  }

  /** The per-piece option lists of the caller, reused between calls. */
  listsFor(count: number): Int32Array[] {
    while (this.lists.length < count) this.lists.push(new Int32Array(0));
    return this.lists;
  }
}
