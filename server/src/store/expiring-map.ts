/**
 * Values that each expire at a time of their own (the memory store's players, chat channels and
 * analyses, as Redis keys with a TTL). An expired value is dropped when it is next looked at, and
 * all the expired ones are swept whenever the map has doubled since the last sweep: values a
 * stranger creates and nobody reads again (a drive-by handshake's player) do not pile up forever,
 * at an amortised constant cost per write.
 */
export class ExpiringMap<V> {
  private readonly entries = new Map<string, { value: V; expiresAt: number }>();
  private sweepAt = MIN_SWEEP_AT;

  constructor(private readonly clock: () => number) {}

  get(key: string): V | undefined {
    const e = this.entries.get(key);
    if (e === undefined) return undefined;
    if (e.expiresAt > this.clock()) return e.value;
    this.entries.delete(key);
    return undefined;
  }

  set(key: string, value: V, ttlMs: number): void {
    this.entries.set(key, { value, expiresAt: this.clock() + ttlMs });
    if (this.entries.size >= this.sweepAt) this.sweep();
  }

  /** Restarts a live value's time to live; false when there is none. */
  touch(key: string, ttlMs: number): boolean {
    const e = this.entries.get(key);
    const now = this.clock();
    if (e === undefined || e.expiresAt <= now) return false;
    e.expiresAt = now + ttlMs;
    return true;
  }

  /** The live values with their expiry (epoch ms of the clock), for a snapshot. */
  live(): [key: string, value: V, expiresAt: number][] {
    const now = this.clock();
    return [...this.entries].filter(([, e]) => e.expiresAt > now).map(([k, e]) => [k, e.value, e.expiresAt]);
  }

  /** Puts back a value of `live()` with its own expiry. */
  restore(key: string, value: V, expiresAt: number): void {
    this.entries.set(key, { value, expiresAt });
  }

  /** Values held, expired ones not yet swept included. */
  get size(): number {
    return this.entries.size;
  }

  /** Drops every expired value now. */
  sweep(): void {
    const now = this.clock();
    for (const [k, e] of this.entries) if (e.expiresAt <= now) this.entries.delete(k);
    this.sweepAt = Math.max(MIN_SWEEP_AT, 2 * this.entries.size);
  }
}

const MIN_SWEEP_AT = 1024;
