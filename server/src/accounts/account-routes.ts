import {
  gamesQuerySchema,
  loginSchema,
  logoutSchema,
  playerNameSchema,
  registerSchema,
  variantSchema,
  type ErrorCode,
} from '@progressive-chess/shared';
import express, { type Request, type Response } from 'express';
import { storedGameToPgn } from '../http/pgn.js';
import { parseWith } from '../http/parse.js';
import { clientAddress } from '../transport/abuse-limits.js';
import type { AccountService, SignedIn } from './account-service.js';
import { sessionCookie } from './session-cookie.js';

export interface AccountRoutesDeps {
  readonly service: AccountService;
  /** Base URL for PGN `Site` tags; an https one also marks cookies Secure. */
  readonly publicUrl: () => string;
  /** Behind a trusted reverse proxy: client address and scheme from its X-Forwarded-* headers. */
  readonly trustProxy: boolean;
  /** The per-address limit of the costly game reads (a player's PGN export among them). */
  readonly gameReads: express.RequestHandler;
}

/** HTTP statuses of the account error codes (the shared error handler answers with them). */
export const ACCOUNT_STATUS: Partial<Record<ErrorCode, number>> = {
  'username-taken': 409,
  'already-registered': 409,
  'bad-credentials': 401,
  'bad-token': 401,
  'unknown-player': 404,
  'rate-limited': 429,
  'account-required': 401,
  'no-mail': 503,
};

const parse = parseWith;

/** `/api/account/*`, `/api/players/*`, `/api/leaderboard/*`. */
export function accountRoutes(deps: AccountRoutesDeps): express.Router {
  const { service } = deps;
  const r = express.Router();
  r.use(express.json({ limit: '4kb' }));
  const secure = (req: Request): boolean =>
    req.secure || deps.publicUrl().startsWith('https:') || (deps.trustProxy && req.headers['x-forwarded-proto'] === 'https');
  const signIn = (req: Request, res: Response, s: SignedIn, status = 200): void => {
    res.setHeader('Set-Cookie', sessionCookie(s.sessionToken, secure(req)));
    res.status(status).json({ account: s.account });
  };
  const cookie = (req: Request): string | undefined => req.headers.cookie;

  r.post('/account/register', async (req, res) => {
    signIn(req, res, await service.register(parse(registerSchema, req.body), clientAddress(req, deps.trustProxy)), 201);
  });
  r.post('/account/login', async (req, res) => {
    signIn(req, res, await service.login(parse(loginSchema, req.body), clientAddress(req, deps.trustProxy)));
  });
  r.post('/account/logout', async (req, res) => {
    const p = parse(logoutSchema, req.body ?? {});
    await service.logout(cookie(req), p.everywhere === true);
    res.setHeader('Set-Cookie', sessionCookie('', secure(req)));
    res.json({});
  });
  // A guest is not an error: `{ account: null }` (a 401 here was a console error on every guest's page load).
  r.get('/account', async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ account: await service.me(cookie(req)) });
  });
  r.get('/players/:name', async (req, res) => {
    res.json(await service.profile(parse(playerNameSchema, req.params.name)));
  });
  r.get('/players/:name/games', async (req, res) => {
    res.json(await service.games(parse(playerNameSchema, req.params.name), parse(gamesQuerySchema, req.query)));
  });
  r.get('/players/:name/games.pgn', deps.gameReads, async (req, res) => {
    const name = parse(playerNameSchema, req.params.name);
    const pages = service.allGames(name);
    const first = await pages.next(); // unknown players fail before any byte is sent
    res.attachment(`progressive-chess-${name}.pgn`);
    res.type('text/plain; charset=utf-8');
    const write = (records: typeof first.value): void => {
      for (const g of records ?? []) res.write(`${storedGameToPgn(g, `${deps.publicUrl()}/game/${g.id}`)}\n\n`);
    };
    write(first.value);
    if (!first.done) for await (const records of pages) write(records);
    res.end();
  });
  r.get('/leaderboard/:variant', async (req, res) => {
    res.json(await service.leaderboard(parse(variantSchema, req.params.variant)));
  });
  return r;
}
