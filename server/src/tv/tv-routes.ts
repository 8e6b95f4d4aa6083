import { tvQuerySchema } from '@progressive-chess/shared';
import express from 'express';
import type { RateLimitOptions } from '../transport/limit-options.js';
import { parseWith } from '../http/parse.js';
import type { TvService } from './tv-service.js';

/** TV requests per address (each lobby and TV page asks every 5 s). */
export const TV_READS: RateLimitOptions = { points: 120, durationSec: 60 };

/** `GET /api/tv?variant=&watching=`: the game to watch now on that channel (every variant without one), behind `limit`. */
export function tvRoutes(tv: TvService, limit: express.RequestHandler): express.Router {
  const r = express.Router();
  r.get('/tv', limit, async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const q = parseWith(tvQuerySchema, req.query);
    res.json(await tv.watch(q.variant, q.watching));
  });
  return r;
}
