import { apiAiChallengeSchema, apiChallengeSchema, idSchema, playerNameSchema, tokenCreateSchema, type ApiScope, type ErrorCode } from '@progressive-chess/shared';
import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import type { Logger } from 'pino';
import type { AccountService } from '../accounts/account-service.js';
import type { BotService } from '../bot/bot-service.js';
import { toAckError, fail } from '../services/errors.js';
import type { LobbyService } from '../services/lobby-service.js';
import type { TokenService } from '../tokens/token-service.js';
import { bearer, callerOf, type ApiLimiters } from './api-auth.js';
import { parse, playRoutes, refusalExtra, type PlayDeps } from './play-routes.js';
import { challengeOf, eventStream } from './streams.js';

export interface ApiRoutesDeps extends PlayDeps {
  readonly tokens: TokenService;
  readonly accounts: AccountService;
  readonly lobby: LobbyService;
  readonly limiters: ApiLimiters;
  /** The built-in computer (`POST /api/challenge/ai`). */
  readonly bots: Pick<BotService, 'play'>;
  readonly logger: Logger;
}

/** HTTP statuses of the API's error codes (any other refusal is 400). */
const STATUS: Partial<Record<ErrorCode, number>> = {
  'bad-api-token': 401,
  'bad-token': 401,
  'bad-credentials': 401,
  'missing-scope': 403,
  'not-a-bot': 403,
  'is-a-bot': 403,
  'not-a-player': 403,
  'not-for-you': 403,
  'unknown-game': 404,
  'unknown-seek': 404,
  'unknown-player': 404,
  'not-found': 404,
  'stream-open': 409,
  'too-many-tokens': 409,
  'has-played': 409,
  'rate-limited': 429,
  'too-many-streams': 429,
  'too-many-bot-games': 429,
  'no-accounts': 501,
  busy: 503,
  unavailable: 503,
  internal: 500,
};

/** 403 `missing-scope` unless the token has one of `scopes`. */
const needAnyScope =
  (scopes: readonly ApiScope[]): RequestHandler =>
  (_req, res, next) => {
    if (!scopes.some((s) => callerOf(res).scopes.includes(s))) fail('missing-scope', `this token needs one of the scopes ${scopes.join(', ')}`);
    next();
  };

/**
 * The API for programs (README "Bot and Board API"): token management (signed-in session), and
 * everything else with `Authorization: Bearer <token>`. Answers `{ ok: true, ... }` or
 * `{ ok: false, code, message }`.
 */
export function apiRoutes(d: ApiRoutesDeps): express.Router {
  const r = express.Router();
  r.use(express.json({ limit: '16kb' }));
  const auth = bearer(d.tokens, d.limiters);
  const signedIn = async (cookie: string | undefined): Promise<string> =>
    (await d.accounts.me(cookie))?.playerId ?? fail('bad-credentials', 'sign in to manage your API tokens');

  r.post('/account/tokens', async (req, res) => {
    const playerId = await signedIn(req.headers.cookie);
    const { token, view } = await d.tokens.create(playerId, parse(tokenCreateSchema, req.body ?? {}));
    res.status(201).setHeader('Cache-Control', 'no-store').json({ ok: true, token, ...view });
  });
  r.get('/account/tokens', async (req, res) => {
    const playerId = await signedIn(req.headers.cookie);
    res.setHeader('Cache-Control', 'no-store').json({ ok: true, tokens: await d.tokens.list(playerId) });
  });
  r.delete('/account/tokens/:id', async (req, res) => {
    const playerId = await signedIn(req.headers.cookie);
    await d.tokens.revoke(playerId, parse(idSchema, req.params.id));
    res.json({ ok: true });
  });
  // with a Bearer token: the token's account; without, the session's (account-routes.ts)
  r.get('/account', (req, res, next) => (req.headers.authorization === undefined ? next('router') : next()), auth, (_req, res) => {
    const c = callerOf(res);
    res.setHeader('Cache-Control', 'no-store').json({ ok: true, id: c.playerId, username: c.username, bot: c.bot, scopes: c.scopes });
  });

  // public: who is a bot (the web client marks them BOT in the lobby, game page, profile, leaderboard)
  r.get('/bots', async (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=60').json({ ok: true, bots: await d.tokens.botNames() });
  });
  r.post('/bot/account/upgrade', auth, needAnyScope(['bot:play']), async (_req, res) => {
    await d.tokens.upgradeToBot(callerOf(res).playerId);
    res.json({ ok: true, bot: true });
  });
  r.use('/bot', auth, playRoutes(d, 'bot'));
  r.use('/board', auth, playRoutes(d, 'board'));
  r.get('/stream/event', auth, needAnyScope(['bot:play', 'board:play']), async (req, res) => {
    await eventStream(d.streams, callerOf(res), req, res);
  });
  r.post('/challenge/:id/accept', auth, needAnyScope(['bot:play', 'board:play', 'challenge:write']), async (req, res) => {
    const { gameId } = await d.lobby.accept(callerOf(res).playerId, { seekId: parse(idSchema, req.params.id) });
    res.json({ ok: true, gameId });
  });
  r.post('/challenge/:id/decline', auth, needAnyScope(['bot:play', 'board:play', 'challenge:write']), async (req, res) => {
    await d.lobby.decline(callerOf(res).playerId, parse(idSchema, req.params.id));
    res.json({ ok: true });
  });
  r.post('/challenge/:id/cancel', auth, needAnyScope(['challenge:write']), async (req, res) => {
    await d.lobby.cancel(callerOf(res).playerId, parse(idSchema, req.params.id));
    res.json({ ok: true });
  });
  // a game against the built-in computer at once, as "Play the computer" (its capped games, its driver)
  r.post('/challenge/ai', auth, needAnyScope(['bot:play', 'board:play', 'challenge:write']), async (req, res) => {
    const { gameId } = await d.bots.play(callerOf(res).playerId, parse(apiAiChallengeSchema, req.body ?? {}));
    res.status(201).json({ ok: true, gameId });
  });
  r.post('/challenge/:username', auth, needAnyScope(['challenge:write']), async (req, res) => {
    const opponent = parse(playerNameSchema, req.params.username);
    const p = parse(apiChallengeSchema, req.body ?? {});
    const { seek } = await d.lobby.create(callerOf(res).playerId, { ...p, visibility: 'private', opponent });
    res.status(201).json({ ok: true, challenge: challengeOf(seek) });
  });

  const onError: ErrorRequestHandler = (err: unknown, _req, res, _next) => {
    const e = toAckError(err);
    if (e.code === 'internal' && (err as { status?: number }).status === undefined) d.logger.error({ err }, 'api handler failed');
    const status = (err as { status?: unknown }).status;
    const bodyError = e.code === 'internal' && typeof status === 'number' && status >= 400 && status < 500;
    if (res.headersSent) return void res.end();
    if (bodyError) return void res.status(status).json({ ok: false, code: 'bad-request', message: 'bad request body' });
    res.status(STATUS[e.code] ?? 400).json({ ...e, ...refusalExtra(err) });
  };
  r.use(onError);
  return r;
}
