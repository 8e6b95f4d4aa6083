import type { RequestHandler } from 'express';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { fail } from '../services/errors.js';
import type { RateLimitOptions } from '../transport/limit-options.js';
import { clientAddress } from '../transport/abuse-limits.js';

/**
 * Reads of game records per client address: a game's snapshot (it counts the room on every node)
 * and the PGN exports (a player's whole archive replayed move by move), the costly public reads.
 */
export const DEFAULT_GAME_READS_LIMIT: RateLimitOptions = { points: 60, durationSec: 60 };

/** HTTP requests counted per client address; past the budget `429 rate-limited` with `Retry-After`. */
export function perAddress(limiter: RateLimiterAbstract, trustProxy: boolean): RequestHandler {
  return async (req, res, next) => {
    try {
      await limiter.consume(clientAddress(req, trustProxy));
    } catch (e) {
      if (!(e instanceof RateLimiterRes)) throw e;
      res.setHeader('Retry-After', String(Math.max(1, Math.ceil(e.msBeforeNext / 1000))));
      fail('rate-limited', 'too many requests from this address; try again shortly');
    }
    next();
  };
}
