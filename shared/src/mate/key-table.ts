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
  /**
   * Slot i at [3i, 3i + 3): the key's low half, its high half, value + 1 (0 marks an empty slot).
   * One array, so a probe reads one cache line instead of three (the search's table grows to
   * millions of slots), and a growth is one allocation.
   */
  private slots = new Int32Array(3 << FIRST_BITS);
  size = 0;

  constructor(private readonly limit: number) {}

  /** The value stored for key, or -1. */
  get(key: number): number {
    const lo = key | 0;
    const hi = (key / TWO_32) | 0;
    const mask = this.mask;
    const t = this.slots;
    for (let i = slot(lo, hi, mask); ; i = (i + 1) & mask) {
      const at = i * 3;
      const v = t[at + 2]!;
      if (v === 0) return -1;
      if (t[at] === lo && t[at + 1] === hi) return v - 1;
    }
  }

  /** Stores value (0 <= value < 2^31 - 1) for key. */
  set(key: number, value: number): void {
    if (this.size >= this.limit) this.clear();
    const lo = key | 0;
    const hi = (key / TWO_32) | 0;
    const mask = this.mask;
    const t = this.slots;
    for (let i = slot(lo, hi, mask); ; i = (i + 1) & mask) {
      const at = i * 3;
      const v = t[at + 2]!;
      if (v === 0) {
        t[at] = lo;
        t[at + 1] = hi;
        t[at + 2] = value + 1;
        if (++this.size * 2 > mask) this.grow();
        return;
      }
      if (t[at] === lo && t[at + 1] === hi) {
        t[at + 2] = value + 1;
        return;
      }
    }
  }

  clear(): void {
    this.slots.fill(0);
    this.size = 0;
  }

  private grow(): void {
    const old = this.slots;
    this.bits++;
    const mask = (this.mask = (1 << this.bits) - 1);
    const t = (this.slots = new Int32Array(3 << this.bits));
    for (let j = 0; j < old.length; j += 3) {
      if (old[j + 2] === 0) continue;
      const lo = old[j]!;
      const hi = old[j + 1]!;
      let i = slot(lo, hi, mask);
      while (t[i * 3 + 2] !== 0) i = (i + 1) & mask;
      t[i * 3] = lo;
      t[i * 3 + 1] = hi;
      t[i * 3 + 2] = old[j + 2]!;
    }
  }
}

/** The first slot of a key: its halves mixed, so keys that differ in either half spread. */
function slot(lo: number, hi: number, mask: number): number {
  const h = Math.imul(lo ^ Math.imul(hi, 0x9e3779b1), 0x85ebca6b);
  return (h ^ (h >>> 15)) & mask;
}
