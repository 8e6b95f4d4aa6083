import { join } from 'node:path';
import { APP_PATHS } from '@progressive-chess/shared';
import express, { type Response, type Router } from 'express';
import expressStaticGzip from 'express-static-gzip';

/** Whether a game id names a stored game (for the HTTP status of `/game/:id`). */
export type GameExists = (id: string) => Promise<boolean>;

/**
 * The built client: hashed assets cached for a year (`immutable`), index.html never cached,
 * SPA fallback on app routes. `/game/:id` of a game that does not exist is still the app (it
 * shows a friendly not-found page) but with HTTP 404, as is any unknown page a browser asks for.
 *
 * The assets are sent as the build compressed them (`.br`, `.gz` beside each, client/vite.config.ts)
 * when the browser accepts it: no compression per response (the `compression` middleware leaves an
 * encoded response alone), so a first visit's two dozen scripts do not hold up its socket.
 */
export function serveClient(clientDir: string, gameExists?: GameExists): Router {
  const router = express.Router();
  const index = join(clientDir, 'index.html');
  router.use(
    '/assets',
    expressStaticGzip(join(clientDir, 'assets'), {
      enableBrotli: true,
      orderPreference: ['br', 'gzip'],
      index: false,
      serveStatic: { immutable: true, maxAge: '365d', fallthrough: true },
    }),
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
  // The app's own pages (shared APP_ROUTES; the Svelte app routes them itself).
  router.get([...APP_PATHS], (_req, res, next) => sendIndex(res, 200, next));
  // Any other page a browser navigates to (it asks for HTML by name) is the app's own not-found
  // page, with HTTP 404; other requests (fetch, scripts, tools) keep the JSON 404.
  router.use((req, res, next) => {
    const page = (req.method === 'GET' || req.method === 'HEAD') && (req.headers.accept ?? '').includes('text/html');
    if (page && !req.path.startsWith('/assets/')) sendIndex(res, 404, next);
    else next();
  });
  return router;
}
