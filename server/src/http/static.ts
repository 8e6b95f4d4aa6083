import { join } from 'node:path';
import express, { type Response, type Router } from 'express';

/** Client-side routes answered with index.html (the Svelte app routes them itself). */
export const SPA_ROUTES = ['/', '/game/:id', '/invite/:code', '/rules', '/rules/*rest', '/analysis', '/signup', '/login', '/reset-password', '/settings', '/@/:name', '/leaderboard', '/leaderboard/:variant', '/puzzles', '/puzzles/:id'];

/** Whether a game id names a stored game (for the HTTP status of `/game/:id`). */
export type GameExists = (id: string) => Promise<boolean>;

/**
 * The built client: hashed assets cached for a year (`immutable`), index.html never cached,
 * SPA fallback on app routes. `/game/:id` of a game that does not exist is still the app (it
 * shows a friendly not-found page) but with HTTP 404, as is any unknown page a browser asks for.
 */
export function serveClient(clientDir: string, gameExists?: GameExists): Router {
  const router = express.Router();
  const index = join(clientDir, 'index.html');
  router.use(
    '/assets',
    express.static(join(clientDir, 'assets'), { immutable: true, maxAge: '365d', fallthrough: true }),
  );
  router.use(express.static(clientDir, { index: false }));
  const sendIndex = (res: Response, status: number, next: () => void): void => {
    res.status(status).setHeader('Cache-Control', 'no-cache');
    res.sendFile(index, (err) => {
      if (err) next();
    });
  };
  router.get('/game/:id', async (req, res, next) => {
    const found = gameExists === undefined || (await gameExists(req.params.id).catch(() => true));
    sendIndex(res, found ? 200 : 404, next);
  });
  router.get(SPA_ROUTES, (_req, res, next) => sendIndex(res, 200, next));
  // Any other page a browser navigates to (it asks for HTML by name) is the app's own not-found
  // page, with HTTP 404; other requests (fetch, scripts, tools) keep the JSON 404.
  router.use((req, res, next) => {
    const page = (req.method === 'GET' || req.method === 'HEAD') && (req.headers.accept ?? '').includes('text/html');
    if (page && !req.path.startsWith('/assets/')) sendIndex(res, 404, next);
    else next();
  });
  return router;
}
