import { API_REQUESTS_PER_ACCOUNT_PER_MIN, API_REQUESTS_PER_TOKEN_PER_MIN, type ApiScope } from '@progressive-chess/shared';
import type { RequestHandler, Response } from 'express';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { TokenOwner } from '../db/tokens-repo.js';
import { fail } from '../services/errors.js';
import type { TokenService } from '../tokens/token-service.js';
import { sharedLimiter, tryConsume } from '../transport/shared-limiter.js';
import type { RedisClient } from '../store/redis-client.js';

/** The caller of an API request, set by `bearer` (requests with `Authorization: Bearer`, never cookies). */
export const callerOf = (res: Response): TokenOwner => {
  const c = (res.locals as { caller?: TokenOwner }).caller;
  if (c === undefined) throw new Error('callerOf before bearer()');
  return c;
};

export interface ApiLimiters {
  readonly perToken: RateLimiterAbstract;
  readonly perAccount: RateLimiterAbstract;
}

/** The API's request budgets, counted in Redis when there is one (every node spends from one budget). */
export function apiLimiters(redis: RedisClient | null): ApiLimiters {
  return {
    perToken: sharedLimiter({ points: API_REQUESTS_PER_TOKEN_PER_MIN, durationSec: 60 }, 'api-token', redis),
    perAccount: sharedLimiter({ points: API_REQUESTS_PER_ACCOUNT_PER_MIN, durationSec: 60 }, 'api-account', redis),
  };
}

/**
 * Authenticates `Authorization: Bearer <token>` (401 `bad-api-token`), then spends one request of
 * the token's budget and one of its account's (429 `rate-limited`). A Bearer request carries no
 * cookie authority: it is not a cross-site request forgery target.
 */
export function bearer(tokens: TokenService, limiters: ApiLimiters): RequestHandler {
  return async (req, res, next) => {
    const owner = await tokens.authenticate(req.headers.authorization);
    const [token, account] = await Promise.all([tryConsume(limiters.perToken, owner.tokenId), tryConsume(limiters.perAccount, owner.playerId)]);
    if (!token || !account) {
      res.setHeader('Retry-After', '60');
      fail('rate-limited', token ? 'too many API requests from this account' : 'too many API requests with this token');
    }
    (res.locals as { caller?: TokenOwner }).caller = owner;
    next();
  };
}

/** 403 `missing-scope` unless the caller's token has `scope`. */
export function needScope(scope: ApiScope): RequestHandler {
  return (_req, res, next) => {
    if (!callerOf(res).scopes.includes(scope)) fail('missing-scope', `this token lacks the ${scope} scope`);
    next();
  };
}

/** The Bot API is for bot accounts (403 `not-a-bot`), the Board API for people (403 `is-a-bot`). */
export function needKind(kind: 'bot' | 'board'): RequestHandler {
  return (_req, res, next) => {
    const bot = callerOf(res).bot;
    if (kind === 'bot' && !bot) fail('not-a-bot', 'this account is not a bot: POST /api/bot/account/upgrade first');
    if (kind === 'board' && bot) fail('is-a-bot', 'a bot account plays through the Bot API (/api/bot/...)');
    next();
  };
}
