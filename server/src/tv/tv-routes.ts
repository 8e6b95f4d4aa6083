import { tvQuerySchema } from '@progressive-chess/shared';
import express from 'express';
import { parseWith } from '../http/parse.js';
import type { TvService } from './tv-service.js';

/** `GET /api/tv?variant=`: the game to watch now on that channel (every variant without one). */
export function tvRoutes(tv: TvService): express.Router {
  const r = express.Router();
  r.get('/tv', async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(await tv.channel(parseWith(tvQuerySchema, req.query).variant));
  });
  return r;
}
