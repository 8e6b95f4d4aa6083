/**
 * The pieces' options for the final-square cover bound (final-cover.ts): for a piece on a square,
 * each final square it may reach at some cost (moves, or points in the cost variants) with the
 * zone squares it attacks from there, on an empty board, promotions included. Equal lists are
 * made one: each distinct list has an id, so the cover memo can key a position by its pieces'
 * lists (what the cover's answer depends on) rather than by where they stand.
 */
import { KING, PAWN, WHITE } from '../chess/tables.js';
import { zoneMasks, zoneSquares } from './zone-masks.js';
import { FAR, pawnSteps, pieceMoves, promotionSquare, PROMOTIONS } from './reach.js';

export const FULL = 511;
const NONE = new Int32Array(0);
/** Lists kept before they are all forgotten (trim). */
const MAX_LISTS = 100_000;

export class FinalOptions {
  /** masks[role * 64 + f]: zone bits attacked from f (role 0: black pawn, PAWN: white pawn). */
  private readonly masks: Uint16Array;
  /** zoneSquare per bit. */
  private readonly squares: Int8Array;
  /** The distinct lists by id; nextSame[id]: the next id whose list has the same hash (-1: none). */
  private readonly byId: Int32Array[] = [];
  private readonly nextSame: number[] = [];
  private readonly firstByHash = new Map<number, number>();
  /** optionsId() worked out, by piece, square, zone bits and flags. */
  private readonly cache = new Map<number, number>();
  private readonly best = new Int32Array(512);
  private readonly seen = new Int32Array(512);
  private stamp = 0;
  private readonly touched: number[] = [];

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

  /** The list of an id from optionsId or stayId (valid until trim forgets them). */
  list(id: number): Int32Array {
    return this.byId[id]!;
  }

  /**
   * A piece's options (cost * 512 + zone mask, cheapest first, none dominated by a cheaper one
   * attacking a superset), for zone bits `live`. code: colour | role; s: 0..63; mustMove: the
   * piece does not end where it stands.
   */
  options(code: number, s: number, live: number, castle: boolean, mustMove = false): Int32Array {
    return this.byId[this.optionsId(code, s, live, castle, mustMove)]!;
  }

  /** The id of options()'s list. */
  optionsId(code: number, s: number, live: number, castle: boolean, mustMove = false): number {
    // The zone bits rarely change within a search: the last list of each piece, square and flags first.
    const slot = ((code * 64 + s) << 2) | (castle ? 2 : 0) | (mustMove ? 1 : 0);
    if (this.recentLive[slot] === live) return this.recent[slot]!;
    const key = (((((code * 64 + s) * 512 + live) << 1) | (castle ? 1 : 0)) << 1) | (mustMove ? 1 : 0);
    const id = this.cache.get(key) ?? this.made(code, s, live, castle, mustMove, key);
    this.recentLive[slot] = live;
    this.recent[slot] = id;
    return id;
  }

  /** The last optionsId() answer per piece code, square and flags, and the zone bits it was made for (-1: none). */
  private readonly recentLive = new Int32Array(16 * 64 * 4).fill(-1);
  private readonly recent = new Int32Array(16 * 64 * 4);

  /** made()'s options of the promoted pieces, per file * 4 + promotion. */
  private readonly promoted: Int32Array[] = new Array<Int32Array>(32).fill(NONE);

  /** optionsId() worked out and kept. */
  private made(code: number, s: number, live: number, castle: boolean, mustMove: boolean, key: number): number {
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
    const id = this.intern(this.pareto());
    this.cache.set(key, id);
    return id;
  }

  /** The one option of a piece that stays where it is (none when it attacks nothing of `live`). */
  stay(code: number, s: number, live: number): Int32Array {
    return this.byId[this.stayId(code, s, live)]!;
  }

  /** The id of stay()'s list. */
  stayId(code: number, s: number, live: number): number {
    const role = code & 7;
    const at = (role === PAWN ? (code & 8) === WHITE ? PAWN : 0 : role) * 64 + s;
    if (this.stayLive[at] === live) return this.stayRecent[at]!;
    const mask = this.masks[at]! & live;
    const id = this.intern(mask === 0 ? NONE : Int32Array.of(mask));
    this.stayLive[at] = live;
    this.stayRecent[at] = id;
    return id;
  }

  /** The last stayId() answer per role and square (at) and its zone bits (-1: none): they rarely change within a search. */
  private readonly stayLive = new Int32Array(7 * 64).fill(-1);
  private readonly stayRecent = new Int32Array(7 * 64);

  /** How many times the lists were forgotten: ids kept across a trim() must be dropped when it changed. */
  trims = 0;

  /**
   * Forgets every list once many were made, and with them their ids (so anything keyed by ids must
   * go too: true when it did). Only where no id is held: ids made before and after differ in meaning.
   */
  protected trimmed(): boolean {
    if (this.cache.size <= MAX_LISTS) return false;
    this.trims++;
    this.cache.clear();
    this.byId.length = 0;
    this.nextSame.length = 0;
    this.firstByHash.clear();
    this.recentLive.fill(-1);
    this.stayLive.fill(-1);
    return true;
  }

  /** The id of a list equal to `list` (the list itself, new, when there is none). */
  private intern(list: Int32Array): number {
    let h = list.length;
    for (let i = 0; i < list.length; i++) h = Math.imul(h ^ list[i]!, 0x01000193);
    const first = this.firstByHash.get(h);
    for (let id = first ?? -1; id >= 0; id = this.nextSame[id]!) if (sameList(this.byId[id]!, list)) return id;
    const id = this.byId.length;
    this.byId.push(list);
    this.nextSame.push(first ?? -1);
    this.firstByHash.set(h, id);
    return id;
  }

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
}

function sameList(a: Int32Array, b: Int32Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
