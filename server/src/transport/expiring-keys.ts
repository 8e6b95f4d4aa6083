/**
 * Keys that each expire at a time of their own, held by this node only: a deny list of addresses
 * (address-gate.ts), the identities blocked for flooding (abuse-limits.ts). An expired key is
 * dropped when it is next looked at, and all the expired ones are swept when the set reaches
 * `sweepAt` keys. Past `max` unexpired keys a new key is not recorded (`add` says so): strangers
 * create these keys, so the set has a cap, and its users treat it as a cache of a decision that
 * stands without it (the gate then lets the connection reach the limits; a block is also in Redis).
 */
export class ExpiringKeys {
  private readonly until = new Map<string, number>();

  constructor(private readonly opts: { readonly sweepAt: number; readonly max: number; readonly now?: () => number }) {}

  private now(): number {
    return (this.opts.now ?? Date.now)();
  }

  /** Whether `key` is held and not expired (an expired one is dropped). */
  has(key: string | undefined): boolean {
    if (key === undefined || this.until.size === 0) return false;
    const t = this.until.get(key);
    if (t === undefined) return false;
    if (t > this.now()) return true;
    this.until.delete(key);
    return false;
  }

  /** Holds `key` for `ms` from now (again: from now). False when the set is full and the key was not recorded. */
  add(key: string, ms: number): boolean {
    const now = this.now();
    if (this.until.size >= this.opts.sweepAt && !this.until.has(key)) {
      for (const [k, t] of this.until) if (t <= now) this.until.delete(k);
      if (this.until.size >= this.opts.max) return false;
    }
    this.until.set(key, now + ms);
    return true;
  }

  /** Keys held, expired ones not yet dropped included. */
  get size(): number {
    return this.until.size;
  }
}
