import { TOURNAMENT_API, idSchema, pagedView, tournamentCreateSchema, type ErrorCode } from '@progressive-chess/shared';
import express, { type Request } from 'express';
import { z } from 'zod';
import { parseWith } from '../http/parse.js';
import { fail, ServiceError } from '../services/errors.js';
import type { AccountDirectory, Identity } from '../services/identity.js';
import { TOKEN_PREFIX, type TokenService } from '../tokens/token-service.js';
import type { TournamentCaller, TournamentService } from './tournament-service.js';

/** HTTP statuses of the tournament error codes (the shared error handler answers with them). */
export const TOURNAMENT_STATUS: Partial<Record<ErrorCode, number>> = {
  'tournament-not-found': 404,
  'tournament-joined': 409,
  'tournament-overlap': 409,
  'tournament-started': 409,
  'tournament-full': 409,
  'tournament-guest': 403,
  'tournament-in-game': 409,
  'tournament-not-joined': 409,
  'tournament-finished': 409,
  'tournament-cap': 409,
  'tournament-bots': 403,
  'bad-token': 401,
};

export interface TournamentRoutesDeps {
  readonly service: TournamentService;
  readonly accounts: Pick<AccountDirectory, 'fromCookie'>;
  readonly identity: Pick<Identity, 'verifyToken' | 'isGuest' | 'nameOf'>;
  /** Personal API tokens (a bot joining through the API), when the API is on (read at each request). */
  readonly tokens: () => Pick<TokenService, 'authenticate'> | undefined;
}

const pageQuerySchema = z.object({ page: z.coerce.number().int().min(1).max(100_000).optional() });

const idOf = (req: Request): string => {
  const id = idSchema.safeParse(req.params.id);
  return id.success ? id.data : fail('tournament-not-found', 'malformed tournament id');
};

/**
 * `/api/tournaments...`: lists, creation (a signed-in account), one tournament's view, and join,
 * withdraw and pause. The caller is the account of the session cookie, or the bearer of
 * `Authorization: Bearer <token>`: a personal API token (bots), or a guest's identity token (the
 * one its socket handshake sends), so that guests can join unrated arenas.
 */
export function tournamentRoutes(deps: TournamentRoutesDeps): express.Router {
  const { service } = deps;
  const r = express.Router();
  r.use('/tournaments', express.json({ limit: '4kb' }));

  const caller = async (req: Request): Promise<TournamentCaller | null> => {
    const acc = await deps.accounts.fromCookie(req.headers.cookie);
    if (acc !== null) return { playerId: acc.playerId, name: acc.username, guest: false };
    const bearer = /^Bearer\s+(\S{1,200})\s*$/i.exec(req.headers.authorization ?? '')?.[1];
    if (bearer === undefined) return null;
    const tokens = deps.tokens();
    if (tokens && bearer.startsWith(TOKEN_PREFIX)) {
      const owner = await tokens.authenticate(req.headers.authorization);
      return { playerId: owner.playerId, name: owner.username, guest: false };
    }
    const playerId = await deps.identity.verifyToken(bearer).catch((e: unknown) => {
      throw e instanceof ServiceError ? e : new ServiceError('bad-token', 'unknown identity token');
    });
    return { playerId, name: await deps.identity.nameOf(playerId), guest: await deps.identity.isGuest(playerId) };
  };
  const someone = async (req: Request): Promise<TournamentCaller> =>
    (await caller(req)) ?? fail('account-required', 'sign in (or send your identity token as "Authorization: Bearer <token>")');

  r.get(TOURNAMENT_API.list.slice(4), async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(await service.list());
  });
  r.post(TOURNAMENT_API.list.slice(4), async (req, res) => {
    const c = await caller(req);
    if (c === null || c.guest) fail('account-required', 'sign in to an account to create a tournament');
    res.status(201).json({ tournament: await service.create(c, parseWith(tournamentCreateSchema, req.body)) });
  });
  r.get(TOURNAMENT_API.one.slice(4), async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const c = await caller(req).catch(() => null);
    res.json({ view: await service.view(idOf(req), c?.playerId) });
  });
  r.get(TOURNAMENT_API.standings.slice(4), async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const page = parseWith(pageQuerySchema, req.query).page ?? 1;
    res.json(await service.standings(idOf(req), page));
  });
  r.post(TOURNAMENT_API.join.slice(4), async (req, res) => {
    const c = await someone(req);
    res.json({ ok: true, ...pagedView(await service.join(c, idOf(req)), c.playerId) });
  });
  r.post(TOURNAMENT_API.withdraw.slice(4), async (req, res) => {
    const { playerId } = await someone(req);
    res.json({ ok: true, ...pagedView(await service.withdraw(playerId, idOf(req)), playerId) });
  });
  r.post(TOURNAMENT_API.pause.slice(4), async (req, res) => {
    const { playerId } = await someone(req);
    res.json({ ok: true, ...pagedView(await service.pause(playerId, idOf(req)), playerId) });
  });
  return r;
}
