import { join } from 'node:path';
import express, { type Router } from 'express';

/** Client-side routes answered with index.html (the Svelte app routes them itself). */
export const SPA_ROUTES = ['/', '/game/:id', '/invite/:code', '/rules', '/rules/*rest', '/signup', '/login', '/@/:name', '/leaderboard', '/leaderboard/:variant'];

/** The built client: hashed assets cached for long, index.html never, SPA fallback on app routes. */
export function serveClient(clientDir: string): Router {
  const router = express.Router();
  const index = join(clientDir, 'index.html');
  router.use(
    '/assets',
    express.static(join(clientDir, 'assets'), { immutable: true, maxAge: '365d', fallthrough: true }),
  );
  router.use(express.static(clientDir, { index: false }));
  router.get(SPA_ROUTES, (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index, (err) => {
      if (err) next();
    });
  });
  return router;
}
