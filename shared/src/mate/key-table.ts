/**
 * A hash table from 53-bit keys (the exact numbers zobrist.ts and zone.ts make) to small
 * non-negative integers, in typed arrays with linear probing. It stands in for a Map, whose
 * entries for keys above 2^31 are boxed numbers: on the mate search's hot path a Map lookup cost
 * more than the work it saved, and its growth fed the garbage collector. Like the Maps before
 * it, the table forgets everything when it holds `limit` entries.
 */
const TWO_32 = 4294967296;
/** A small first size: the few-pieces phase makes one table per set of pieces, most of them left nearly empty. */
const FIRST_BITS = 6;

export class KeyTable {
  private bits = FIRST_BITS;
  private mask = (1 << FIRST_BITS) - 1;
  private lo = new Int32Array(1 << FIRST_BITS);
  private hi = new Int32Array(1 << FIRST_BITS);
  /** value + 1 per slot; 0 marks an empty slot. */
  private vals = new Int32Array(1 << FIRST_BITS);
  size = 0;

  constructor(private readonly limit: number) {}

  /** The value stored for key, or -1. */
  get(key: number): number {
    const lo = key | 0;
    const hi = (key / TWO_32) | 0;
    const mask = this.mask;
    for (let i = slot(lo, hi, mask); ; i = (i + 1) & mask) {
      const v = this.vals[i]!;
      if (v === 0) return -1;
      if (this.lo[i] === lo && this.hi[i] === hi) return v - 1;
    }
  }

  /** Stores value (0 <= value < 2^31 - 1) for key. */
  set(key: number, value: number): void {
    if (this.size >= this.limit) this.clear();
    const lo = key | 0;
    const hi = (key / TWO_32) | 0;
    const mask = this.mask;
    for (let i = slot(lo, hi, mask); ; i = (i + 1) & mask) {
      const v = this.vals[i]!;
      if (v === 0) {
        this.lo[i] = lo;
        this.hi[i] = hi;
        this.vals[i] = value + 1;
        if (++this.size * 2 > mask) this.grow();
        return;
      }
      if (this.lo[i] === lo && this.hi[i] === hi) {
        this.vals[i] = value + 1;
        return;
      }
    }
  }

  clear(): void {
    this.vals.fill(0);
    this.size = 0;
  }

  private grow(): void {
    const { lo, hi, vals } = this;
    this.bits++;
    this.mask = (1 << this.bits) - 1;
    this.lo = new Int32Array(1 << this.bits);
    this.hi = new Int32Array(1 << this.bits);
    this.vals = new Int32Array(1 << this.bits);
    const mask = this.mask;
    for (let j = 0; j < vals.length; j++) {
      if (vals[j] === 0) continue;
      let i = slot(lo[j]!, hi[j]!, mask);
      while (this.vals[i] !== 0) i = (i + 1) & mask;
      this.lo[i] = lo[j]!;
      this.hi[i] = hi[j]!;
      this.vals[i] = vals[j]!;
    }
  }
}

/** The first slot of a key: its halves mixed, so keys that differ in either half spread. */
function slot(lo: number, hi: number, mask: number): number {
  const h = Math.imul(lo ^ Math.imul(hi, 0x9e3779b1), 0x85ebca6b);
  return (h ^ (h >>> 15)) & mask;
}
