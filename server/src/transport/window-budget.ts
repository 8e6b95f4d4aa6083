import type { RateLimitOptions } from './limit-options.js';

/**
 * A budget of `points` per `durationSec` per key, counted in this process's memory and checked
 * synchronously: a fixed window that opens at a key's first point (rate-limiter-flexible's memory
 * limiter counts the same way). The node's own budgets (events per connection, identity and
 * address; strikes) are checked on every event, a move included, and rate-limiter-flexible answers
 * only with a promise: its three checks per event were some 4 KB of garbage per move (a promise
 * chain, a result object and a timer per window), measured by `npm run bench:server`. Budgets
 * counted in Redis for all nodes stay with rate-limiter-flexible (shared-limiter.ts).
 *
 * Bounded: a key whose window has ended is forgotten when the map next doubles (no timer per key),
 * so it holds at most about twice the keys active within one window.
 */
export class WindowBudget {
  private readonly windows = new Map<string, { used: number; until: number }>();
  private readonly durationMs: number;
  private sweepAt = 1024;

  constructor(
    private readonly opts: RateLimitOptions,
    private readonly now: () => number = Date.now,
  ) {
    this.durationMs = opts.durationSec * 1000;
  }

  /** Takes one point from `key`: false (and nothing taken) when its window's budget is spent. */
  take(key: string): boolean {
    const now = this.now();
    const w = this.windows.get(key);
    if (w === undefined) {
      if (this.windows.size >= this.sweepAt) this.sweep(now);
      this.windows.set(key, { used: 1, until: now + this.durationMs });
      return this.opts.points >= 1;
    }
    if (w.until <= now) {
      w.used = 0;
      w.until = now + this.durationMs;
    }
    if (w.used >= this.opts.points) return false;
    w.used += 1;
    return true;
  }

  /** Keys counted now (tests). */
  get size(): number {
    return this.windows.size;
  }

  private sweep(now: number): void {
    for (const [key, w] of this.windows) if (w.until <= now) this.windows.delete(key);
    this.sweepAt = Math.max(1024, this.windows.size * 2);
  }
}
