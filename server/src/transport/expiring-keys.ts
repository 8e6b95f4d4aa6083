import { ExpiringMap } from '../store/expiring-map.js';

/**
 * Keys that each expire at a time of their own, held by this node only: a deny list of addresses
 * (address-gate.ts), the identities blocked for flooding (abuse-limits.ts). An expired key is
 * dropped when it is next looked at, and all the expired ones are swept when the set reaches
 * `sweepAt` keys (an `ExpiringMap` of keys). Past `max` unexpired keys a new key is not recorded
 * (`add` says so): strangers create these keys, so the set has a cap, and its users treat it as a
 * cache of a decision that stands without it (the gate then lets the connection reach the limits; a block is also in Redis).
 */
export class ExpiringKeys {
  private readonly keys: ExpiringMap<true>;

  constructor(private readonly opts: { readonly sweepAt: number; readonly max: number; readonly now?: () => number }) {
    this.keys = new ExpiringMap(opts.now ?? Date.now);
  }

  /** Whether `key` is held and not expired (an expired one is dropped). */
  has(key: string | undefined): boolean {
    return key !== undefined && this.keys.size > 0 && this.keys.get(key) === true;
  }

  /** Holds `key` for `ms` from now (again: from now). False when the set is full and the key was not recorded. */
  add(key: string, ms: number): boolean {
    if (this.keys.size >= this.opts.sweepAt && !this.has(key)) {
      this.keys.sweep();
      if (this.keys.size >= this.opts.max) return false;
    }
    this.keys.set(key, true, ms);
    return true;
  }

  /** Keys held, expired ones not yet dropped included. */
  get size(): number {
    return this.keys.size;
  }
}
