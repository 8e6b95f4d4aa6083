import type { RateLimitOptions } from '../config.js';

/**
 * One connection's event budget: `points` events per `durationSec` window (a fixed window that
 * opens with the first event, as rate-limiter-flexible's limiters count). A connection lives on
 * one node, so a counter of its own is exact with any number of nodes; no store round trip, no
 * timer, nothing to clean up (it goes with the socket). Returns true when the event may proceed.
 */
export function eventBudget(opts: RateLimitOptions, now: () => number = () => performance.now()): () => boolean {
  const windowMs = opts.durationSec * 1000;
  let windowEnd = -Infinity;
  let used = 0;
  return () => {
    const t = now();
    if (t >= windowEnd) {
      windowEnd = t + windowMs;
      used = 0;
    }
    used += 1;
    return used <= opts.points;
  };
}
