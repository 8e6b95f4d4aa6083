import { idSchema, moderationActionSchema, playerRefSchema, reportSchema, type ErrorCode } from '@progressive-chess/shared';
import express, { type Request } from 'express';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { RateLimitOptions } from '../transport/limit-options.js';
import { tryConsume } from '../transport/shared-limiter.js';
import { parseWith } from '../http/parse.js';
import { fail } from '../services/errors.js';
import type { AccountDirectory } from '../services/identity.js';
import type { Caller, ModerationService } from './moderation-service.js';
import type { SocialService } from './social-service.js';

export interface SocialRoutesDeps {
  readonly social: SocialService;
  readonly moderation: ModerationService;
  readonly accounts: Pick<AccountDirectory, 'fromCookie'>;
  /** Follows, unfollows, blocks and unblocks per account (`SOCIAL_WRITES`). */
  readonly writes: RateLimiterAbstract;
}

/** Follow, unfollow, block and unblock requests one account may make per window (all nodes together with Redis). */
export const SOCIAL_WRITES: RateLimitOptions = { points: 30, durationSec: 600 };

/** HTTP statuses of the social error codes (the shared error handler answers with them). */
export const SOCIAL_STATUS: Partial<Record<ErrorCode, number>> = {
  'account-required': 401,
  'not-operator': 403,
  'too-many-follows': 409,
  'too-many-blocks': 409,
};

/** `/api/social/*` (follows, blocks), `/api/reports`, `/api/moderation/*`: for signed-in accounts. */
export function socialRoutes(deps: SocialRoutesDeps): express.Router {
  const { social, moderation } = deps;
  const r = express.Router();
  r.use(['/social', '/reports', '/moderation'], express.json({ limit: '4kb' }));
  const caller = async (req: Request): Promise<Caller> => {
    const acc = await deps.accounts.fromCookie(req.headers.cookie);
    if (acc === null) fail('account-required', 'sign in to an account first');
    return { playerId: acc.playerId, username: acc.username };
  };
  const username = (req: Request): string => parseWith(playerRefSchema, req.body).username;
  /** The caller of a follow or block change, within its budget. */
  const writing = async (req: Request): Promise<Caller> => {
    const c = await caller(req);
    if (!(await tryConsume(deps.writes, c.playerId))) fail('rate-limited', 'too many follow and block changes: try again in a few minutes');
    return c;
  };
  const writer = async (req: Request): Promise<string> => (await writing(req)).playerId;

  r.get('/social/follows', async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(await social.friends((await caller(req)).playerId));
  });
  r.post('/social/follow', async (req, res) => {
    const me = await writing(req);
    res.json(await social.follow({ id: me.playerId, name: me.username }, username(req)));
  });
  r.post('/social/unfollow', async (req, res) => {
    res.json(await social.unfollow(await writer(req), username(req)));
  });
  r.get('/social/blocks', async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(await social.blockList((await caller(req)).playerId));
  });
  r.post('/social/block', async (req, res) => {
    res.json(await social.block(await writer(req), username(req)));
  });
  r.post('/social/unblock', async (req, res) => {
    res.json(await social.unblock(await writer(req), username(req)));
  });

  r.post('/reports', async (req, res) => {
    const from = await caller(req);
    await moderation.report(from, parseWith(reportSchema, req.body));
    res.status(201).json({});
  });
  r.get('/moderation/reports', async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(await moderation.queue(await caller(req)));
  });
  r.post('/moderation/reports/:id', async (req, res) => {
    const c = await caller(req);
    await moderation.act(c, parseWith(idSchema, req.params.id), parseWith(moderationActionSchema, req.body).action);
    res.json({});
  });
  r.get('/moderation/log', async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(await moderation.log(await caller(req)));
  });
  return r;
}
