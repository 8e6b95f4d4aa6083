/* Accounts and tokens through the HTTP API, as an outside program makes them (the multi-node and browser suites). */
import { expect } from 'vitest';
import { connectClient } from './game-client.js';

/** Registers the guest identity of `token` as `username` on `url`: the session cookie. */
export async function registerToken(url: string, token: string, username: string): Promise<string> {
  const res = await fetch(`${url}/api/account/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'long password', token }),
  });
  expect(res.status).toBe(201);
  return (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

/** A new account on `url` (through a new guest's token), its session cookie. */
export async function registerOn(url: string, username: string): Promise<string> {
  const guest = await connectClient(url);
  try {
    return await registerToken(url, guest.session.token, username);
  } finally {
    guest.close();
  }
}

/** A POST to `url` with `headers` (and a JSON body): the JSON answer. */
export async function post(url: string, headers: Record<string, string>, body?: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return (await res.json()) as Record<string, unknown>;
}

/** A bot account made on `url` as an outside program would (account, `bot:play` token, upgrade), its token. */
export async function botToken(url: string, username: string): Promise<string> {
  const cookie = await registerOn(url, username);
  const made = await post(`${url}/api/account/tokens`, { cookie }, { description: 'e2e', scopes: ['bot:play'] });
  const token = made.token as string;
  expect(await post(`${url}/api/bot/account/upgrade`, { authorization: `Bearer ${token}` })).toEqual({ ok: true, bot: true });
  return token;
}
