import { idSchema, type ErrorCode } from '@progressive-chess/shared';
import compression from 'compression';
import express, { type ErrorRequestHandler, type Request, type Response } from 'express';
import type { Logger } from 'pino';
import type { Metrics } from '../metrics.js';
import type { AnalysisService } from '../services/analysis-service.js';
import { ComputeError } from '../compute/pool.js';
import { ServiceError, fail, unavailableMessage } from '../services/errors.js';
import type { GameService } from '../services/game-service.js';
import type { RoomService } from '../services/room-service.js';
import type { Store } from '../store/store.js';
import { rulesDocument } from './docs.js';
import { FAVICON_PATHS, favicon } from './favicon.js';
import { metricsRoute, type MetricsAccess } from './metrics-access.js';
import { storedGameToPgn } from './pgn.js';
import { sameOriginWrites, securityHeaders } from './security.js';
import { serveClient } from './static.js';

export interface HttpDeps {
  readonly store: Store;
  readonly games: GameService;
  readonly rooms: RoomService;
  readonly metrics: Metrics;
  readonly metricsAccess: MetricsAccess;
  readonly logger: Logger;
  readonly publicUrl: () => string;
  readonly configuredPublicUrl: string | undefined;
  /** Other origins admitted (ALLOWED_ORIGINS), for sockets and state-changing API requests alike. */
  readonly allowedOrigins: readonly string[];
  readonly clientDir: string | undefined;
  /** Accounts, profiles, leaderboards (when a database is configured), and their error statuses. */
  readonly accounts?: { readonly router: express.Router; readonly status: Partial<Record<ErrorCode, number>> };
  /** The Bot and Board API for programs (api/api-routes.ts), before the account routes. */
  readonly api?: express.Router;
  /** `GET /api/games/:id/analysis`, behind its per-address limit. */
  readonly analysis?: { readonly service: AnalysisService; readonly limit: express.RequestHandler };
  /** The per-address limit of the costly game reads (`DEFAULT_GAME_READS_LIMIT`): snapshot and PGN. */
  readonly gameReads: express.RequestHandler;
  /** More `/api` routes (TV; friends, blocks, reports and moderation with a database), answered before the accounts'. */
  readonly apiRouters?: readonly express.Router[];
  /** Resolves when the durable database answers (none: no database configured). */
  readonly databasePing?: () => Promise<void>;
}

/** How long `/healthz` waits for the store's or the database's answer before it reports it unavailable. */
const PING_MS = 2_000;

/** Whether `ping` resolves within `ms` (a database down may hold a query until its own timeout). */
async function answers(ping: () => Promise<void>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([ping().then(() => true, () => false), late]);
  } finally {
    clearTimeout(timer);
  }
}

const STATUS: Partial<Record<ErrorCode, number>> = {
  'bad-request': 400,
  'unknown-game': 404,
  'not-found': 404,
  'game-not-finished': 409,
  'rate-limited': 429,
  'cross-site': 403,
  busy: 503,
};

function gameIdOf(req: Request): string {
  const id = idSchema.safeParse(req.params.id);
  return id.success ? id.data : fail('bad-request', 'malformed game id');
}

/**
 * A well-formed id of a stored game: live, else archived (a finished game leaves the live store
 * after its grace; `GameService.load` falls back to the archive).
 */
async function gameExists(deps: Pick<HttpDeps, 'store' | 'games'>, id: string): Promise<boolean> {
  if (!idSchema.safeParse(id).success) return false;
  if ((await deps.store.loadGameHead(id)) !== null) return true;
  return deps.games.load(id).then(
    () => true,
    (err: unknown) => (err instanceof ServiceError && err.code === 'unknown-game' ? false : Promise.reject(err)),
  );
}

const notFound = (_req: Request, res: Response): void => {
  res.status(404).json({ code: 'not-found', message: 'no such resource' });
};

/** The Express app: API, health, metrics and the built client. Errors never carry stacks. */
export function createHttpApp(deps: HttpDeps): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.use(securityHeaders(deps.configuredPublicUrl));
  // gzip or brotli, as the browser accepts (the built script and styles, JSON, PGN).
  app.use(compression());

  // The status follows the store: play needs it. The database (accounts, ratings, archive) is
  // reported beside it; without it anonymous play goes on, so it does not take a node out of rotation.
  app.get('/healthz', async (_req, res) => {
    const [store, database] = await Promise.all([
      answers(() => deps.store.ping(), PING_MS),
      deps.databasePing ? answers(deps.databasePing, PING_MS) : null,
    ]);
    const body = {
      status: store ? 'ok' : 'unavailable',
      ...(database === null ? {} : { database: database ? 'ok' : 'unavailable' }),
    };
    res.status(store ? 200 : 503).json(body);
  });
  app.get('/metrics', metricsRoute(deps.metrics, deps.metricsAccess, true));
  app.get('/api/games/:id', deps.gameReads, async (req, res) => {
    res.json(await deps.rooms.snapshot(gameIdOf(req)));
  });
  app.get('/api/games/:id/pgn', deps.gameReads, async (req, res) => {
    const id = gameIdOf(req);
    const stored = await deps.games.load(id);
    res.attachment(`progressive-chess-${id}.pgn`);
    res.type('text/plain; charset=utf-8');
    res.send(storedGameToPgn(stored, `${deps.publicUrl()}/game/${id}`));
  });
  const analysis = deps.analysis;
  if (analysis) {
    app.get('/api/games/:id/analysis', analysis.limit, async (req, res) => {
      res.json(await analysis.service.analysis(gameIdOf(req)));
    });
  }
  app.get('/docs/rules', rulesDocument());
  app.get(FAVICON_PATHS, favicon);
  app.use('/api', sameOriginWrites(deps.configuredPublicUrl, deps.allowedOrigins));
  if (deps.api) app.use('/api', deps.api);
  for (const router of deps.apiRouters ?? []) app.use('/api', router);
  if (deps.accounts) app.use('/api', deps.accounts.router);
  // a server without accounts (no database): everybody is a guest, which is not an error
  else app.get('/api/account', (_req, res) => res.setHeader('Cache-Control', 'no-store').json({ account: null }));
  app.use('/api', notFound);
  if (deps.clientDir !== undefined) app.use(serveClient(deps.clientDir, (id) => gameExists(deps, id)));
  app.use(notFound);

  const onError: ErrorRequestHandler = (err: unknown, _req, res, _next) => {
    if (err instanceof ServiceError) {
      res.status(STATUS[err.code] ?? deps.accounts?.status[err.code] ?? 400).json({ code: err.code, message: err.message, ...(err.until === undefined ? {} : { until: err.until }) });
      return;
    }
    if (err instanceof ComputeError && err.code === 'busy') {
      res.status(503).json({ code: 'busy', message: 'the server is busy; try again shortly' });
      return;
    }
    const away = unavailableMessage(err);
    if (away !== null) {
      res.status(503).json({ code: 'unavailable', message: away });
      return;
    }
    const status = (err as { status?: unknown }).status;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      res.status(status).json({ code: 'bad-request', message: 'bad request' });
      return;
    }
    deps.logger.error({ err }, 'http handler failed');
    res.status(500).json({ code: 'internal', message: 'internal error' });
  };
  app.use(onError);
  return app;
}
