import express from 'express';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { afterEach, describe, expect, it } from 'vitest';
import type { TokenOwner } from '../../src/db/tokens-repo.js';
import { bearer, needScope } from '../../src/api/api-auth.js';
import { toAckError } from '../../src/services/errors.js';
import type { TokenService } from '../../src/tokens/token-service.js';

const owners: Record<string, TokenOwner> = {
  a1: { tokenId: 'a1', playerId: 'alice', username: 'alice', scopes: ['bot:play'], bot: true },
  a2: { tokenId: 'a2', playerId: 'alice', username: 'alice', scopes: ['bot:play'], bot: true },
  a3: { tokenId: 'a3', playerId: 'alice', username: 'alice', scopes: ['bot:play'], bot: true },
};
/** Only what `bearer` calls: the token of `Bearer <id>`. */
const tokens = {
  authenticate: async (h: string | undefined) => owners[(h ?? '').replace('Bearer ', '')] ?? Promise.reject(new Error('unknown')),
} as unknown as TokenService;

const servers: { close(): void }[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.close();
});

async function appWith(perToken: number, perAccount: number): Promise<string> {
  const app = express();
  const limiters = { perToken: new RateLimiterMemory({ points: perToken, duration: 60 }), perAccount: new RateLimiterMemory({ points: perAccount, duration: 60 }) };
  app.get('/x', bearer(tokens, limiters), (_req, res) => void res.json({ ok: true }));
  app.get('/board', bearer(tokens, limiters), needScope('board:play'), (_req, res) => void res.json({ ok: true }));
  app.use(((err: unknown, _req, res, _next) => {
    const e = toAckError(err);
    res.status(e.code === 'rate-limited' ? 429 : e.code === 'missing-scope' ? 403 : 400).json(e);
  }) as express.ErrorRequestHandler);
  const server = app.listen(0, '127.0.0.1');
  servers.push(server);
  await new Promise((r) => server.once('listening', r));
  const address = server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

const get = async (url: string, token: string): Promise<{ status: number; code?: string; retry: string | null }> => {
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { code?: string };
  return { status: res.status, ...(body.code ? { code: body.code } : {}), retry: res.headers.get('retry-after') };
};

describe('API request budgets', () => {
  it('per token: past its budget a token is 429 rate-limited (with Retry-After); another token of the account goes on', async () => {
    const url = await appWith(2, 100);
    expect((await get(`${url}/x`, 'a1')).status).toBe(200);
    expect((await get(`${url}/x`, 'a1')).status).toBe(200);
    expect(await get(`${url}/x`, 'a1')).toEqual({ status: 429, code: 'rate-limited', retry: '60' });
    expect((await get(`${url}/x`, 'a2')).status).toBe(200);
  });

  it('per account: its tokens together spend one budget', async () => {
    const url = await appWith(100, 3);
    for (const t of ['a1', 'a2', 'a3']) expect((await get(`${url}/x`, t)).status).toBe(200);
    expect(await get(`${url}/x`, 'a3')).toMatchObject({ status: 429, code: 'rate-limited' });
  });

  it('a scope the token lacks is 403 missing-scope', async () => {
    const url = await appWith(100, 100);
    expect(await get(`${url}/board`, 'a1')).toMatchObject({ status: 403, code: 'missing-scope' });
  });
});
