/**
 * Coalesces concurrent calls per key: while a call for a key is in flight, later callers get the
 * same promise instead of starting another (a flood of joins of one game costs one store read).
 * Nothing is kept once the call settles, so no result outlives the request that fetched it.
 */
export class SingleFlight<T> {
  private readonly inFlight = new Map<string, Promise<T>>();

  constructor(private readonly fetch: (key: string) => Promise<T>) {}

  /** Whether a call for `key` is in flight. */
  has(key: string): boolean {
    return this.inFlight.has(key);
  }

  /** Calls in flight (distinct keys). */
  get size(): number {
    return this.inFlight.size;
  }

  get(key: string): Promise<T> {
    const running = this.inFlight.get(key);
    if (running) return running;
    const p = this.fetch(key).finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, p);
    return p;
  }
}
