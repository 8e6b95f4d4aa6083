import type { AccountView } from '@progressive-chess/shared';
import { describe, expect, it } from 'vitest';
import { http, socketWithCookie, useDatabase } from './durable-helpers.js';
import { createMemoryStore } from '../src/store/memory-store.js';
import { Client, manualClock, startServer } from './helpers.js';

const DAY = 24 * 60 * 60 * 1000;

const db = useDatabase();

async function setup(extra: Parameters<typeof startServer>[0] = {}) {
  const server = await startServer({ database: db(), ...extra });
  const guest = await Client.connect(server, { name: 'Guesty' });
  return { server, guest };
}

describe('accounts over HTTP', () => {
  it('claims the anonymous identity: cookie HttpOnly + SameSite=Lax, me, the old token stops working', async () => {
    const { server, guest } = await setup();
    const reg = await http(server, 'POST', '/api/account/register', { username: 'Alice_1', password: 'correct horse', token: guest.session.token });
    expect(reg.status).toBe(201);
    expect(reg.setCookie).toMatch(/pcl_session=[\w-]+/);
    expect(reg.setCookie).toMatch(/HttpOnly/i);
    expect(reg.setCookie).toMatch(/SameSite=Lax/i);
    expect(reg.setCookie).not.toMatch(/Secure/i); // plain http here
    expect((reg.body as { account: AccountView }).account).toMatchObject({ playerId: guest.id, username: 'Alice_1', ratings: [] });

    const me = await http(server, 'GET', '/api/account', undefined, reg.cookie ?? '');
    expect(me.body).toMatchObject({ account: { playerId: guest.id, username: 'Alice_1' } });
    // a guest: no account, and not an error
    const guestMe = await http(server, 'GET', '/api/account');
    expect([guestMe.status, guestMe.body]).toEqual([200, { account: null }]);

    // The handshake takes the session cookie: same player, under the username, no token handed out.
    const signed = await socketWithCookie(server, reg.cookie ?? '');
    expect(signed.session).toEqual({ playerId: guest.id, name: 'Alice_1', token: '' });
    await expect(socketWithCookie(server, undefined, { token: guest.session.token })).rejects.toMatchObject({ data: { code: 'bad-token' } });
  });

  it('usernames: 3-20 characters, unique in any case, never a display name of another player', async () => {
    const { server, guest } = await setup();
    const other = await Client.connect(server);
    expect((await http(server, 'POST', '/api/account/register', { username: 'ab', password: 'long enough', token: guest.session.token })).status).toBe(400);
    expect((await http(server, 'POST', '/api/account/register', { username: 'Bob', password: 'long enough', token: 'x.forged' })).body).toMatchObject({ code: 'bad-token' });
    expect((await http(server, 'POST', '/api/account/register', { username: 'Bob', password: 'long enough', token: guest.session.token })).status).toBe(201);
    const dup = await http(server, 'POST', '/api/account/register', { username: 'BOB', password: 'long enough', token: other.session.token });
    expect(dup).toMatchObject({ status: 409, body: { code: 'username-taken' } });
    expect(await other.send('session:setName', { name: 'bob' })).toMatchObject({ ok: false, code: 'name-taken' });
    expect(await other.send('session:setName', { name: 'Bobby' })).toMatchObject({ ok: true, name: 'Bobby' });
    const impostor = await Client.connect(server, { name: 'BOB' });
    expect(impostor.session.name).not.toBe('BOB');
  });

  it('a session ends on the server when its cookie does, 180 days after the login: a copied cookie stops working too', async () => {
    const clock = manualClock(Date.now());
    const { server, guest } = await setup({ now: clock.now, store: createMemoryStore({ now: clock.now }) });
    const reg = await http(server, 'POST', '/api/account/register', { username: 'Dora', password: 'secret pass', token: guest.session.token });
    clock.advance(179 * DAY);
    expect((await http(server, 'GET', '/api/account', undefined, reg.cookie ?? '')).body).toMatchObject({ account: { username: 'Dora' } });
    clock.advance(2 * DAY);
    expect((await http(server, 'GET', '/api/account', undefined, reg.cookie ?? '')).body).toEqual({ account: null });
    const signed = await socketWithCookie(server, reg.cookie ?? '');
    expect(signed.session.playerId).not.toBe(guest.id); // a new guest, not the account
    // a new login is a new session
    const again = await http(server, 'POST', '/api/account/login', { username: 'Dora', password: 'secret pass' });
    expect((await http(server, 'GET', '/api/account', undefined, again.cookie ?? '')).body).toMatchObject({ account: { username: 'Dora' } });
  });

  it('log in on another device, log out, log out everywhere', async () => {
    const { server, guest } = await setup();
    const reg = await http(server, 'POST', '/api/account/register', { username: 'carol', password: 'secret pass', token: guest.session.token });
    expect((await http(server, 'POST', '/api/account/login', { username: 'carol', password: 'wrong pass' })).body).toMatchObject({ code: 'bad-credentials' });
    expect((await http(server, 'POST', '/api/account/login', { username: 'nobody', password: 'wrong pass' })).status).toBe(401);
    const a = await http(server, 'POST', '/api/account/login', { username: 'CAROL', password: 'secret pass' });
    const b = await http(server, 'POST', '/api/account/login', { username: 'carol', password: 'secret pass' });
    expect(a.status).toBe(200);
    expect((await socketWithCookie(server, a.cookie ?? '')).session.playerId).toBe(guest.id);

    const out = await http(server, 'POST', '/api/account/logout', {}, a.cookie ?? '');
    expect(out.setCookie).toMatch(/Max-Age=0/);
    const account = async (c: string | null | undefined): Promise<unknown> => (await http(server, 'GET', '/api/account', undefined, c ?? '')).body;
    expect(await account(a.cookie)).toEqual({ account: null });
    expect(await account(b.cookie)).toMatchObject({ account: { playerId: guest.id } });
    await http(server, 'POST', '/api/account/logout', { everywhere: true }, b.cookie ?? '');
    for (const c of [b.cookie, reg.cookie]) expect(await account(c)).toEqual({ account: null });
    // A revoked cookie at the handshake is simply a new guest.
    expect((await socketWithCookie(server, b.cookie ?? '')).session.playerId).not.toBe(guest.id);
  });

  it('login attempts are limited per account and per address', async () => {
    const { server, guest } = await setup({ loginLimits: { perAccountAddress: 3, perAccount: 10, perAddress: 7, windowSec: 60 } });
    // (the sign-up spends one of the address's 7 attempts)
    await http(server, 'POST', '/api/account/register', { username: 'dave', password: 'secret pass', token: guest.session.token });
    for (let i = 0; i < 3; i++) expect((await http(server, 'POST', '/api/account/login', { username: 'dave', password: 'nope nope' })).status).toBe(401);
    const locked = await http(server, 'POST', '/api/account/login', { username: 'dave', password: 'secret pass' });
    expect(locked).toMatchObject({ status: 429, body: { code: 'rate-limited' } });
    // Another account from the same address still has attempts left, until the address budget is spent.
    expect((await http(server, 'POST', '/api/account/login', { username: 'erin', password: 'nope nope' })).status).toBe(401);
    expect((await http(server, 'POST', '/api/account/login', { username: 'erin', password: 'nope nope' })).status).toBe(401);
    expect((await http(server, 'POST', '/api/account/login', { username: 'erin', password: 'nope nope' })).status).toBe(429);
  });

  it('sign-ups spend from the address budget of logins: a flood is refused before any password is hashed', async () => {
    const { server, guest } = await setup({ loginLimits: { perAccountAddress: 3, perAccount: 10, perAddress: 3, windowSec: 60 } });
    const other = await Client.connect(server);
    const register = (username: string, token: string) => http(server, 'POST', '/api/account/register', { username, password: 'long enough', token });
    expect((await register('frank', guest.session.token)).status).toBe(201);
    // each attempt at a taken name costs a hash: only the budget's worth of them
    expect(await register('frank', other.session.token)).toMatchObject({ status: 409, body: { code: 'username-taken' } });
    expect(await register('frank', other.session.token)).toMatchObject({ status: 409, body: { code: 'username-taken' } });
    expect(await register('frank', other.session.token)).toMatchObject({ status: 429, body: { code: 'rate-limited' } });
    expect(await register('gina', other.session.token)).toMatchObject({ status: 429, body: { code: 'rate-limited' } });
    expect((await http(server, 'POST', '/api/account/login', { username: 'frank', password: 'long enough' })).status).toBe(429);
  });

  it("a player's PGN export (the whole archive) shares the per-address limit of game reads", async () => {
    const { server } = await setup();
    for (let i = 0; i < 60; i++) expect((await http(server, 'GET', '/api/players/nobody/games.pgn')).status).toBe(404);
    expect(await http(server, 'GET', '/api/players/nobody/games.pgn')).toMatchObject({ status: 429, body: { code: 'rate-limited' } });
    expect((await http(server, 'GET', '/api/players/nobody')).status).toBe(404);
  });

  it('behind TLS (a trusted proxy saying https) the cookie is Secure', async () => {
    const { server, guest } = await setup({ trustProxy: true });
    const res = await fetch(`${server.url}/api/account/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-proto': 'https' },
      body: JSON.stringify({ username: 'tls_user', password: 'long enough', token: guest.session.token }),
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('set-cookie')).toMatch(/; Secure/i);
  });

  it('bad bodies are 400 bad-request; unknown players 404', async () => {
    const { server } = await setup();
    expect(await http(server, 'POST', '/api/account/login', { username: 'x' })).toMatchObject({ status: 400, body: { code: 'bad-request' } });
    expect(await http(server, 'GET', '/api/players/nobody')).toMatchObject({ status: 404, body: { code: 'unknown-player' } });
    // names no account can have (NUL, bidi controls: the database refuses NUL outright) are 400, not 500
    for (const name of ['a\u0000b', 'x\u202ey', 'two words']) {
      expect(await http(server, 'POST', '/api/account/login', { username: name, password: 'whatever' })).toMatchObject({ status: 400, body: { code: 'bad-request' } });
      for (const path of ['', '/games', '/games.pgn']) {
        expect(await http(server, 'GET', `/api/players/${encodeURIComponent(name)}${path}`)).toMatchObject({ status: 400, body: { code: 'bad-request' } });
      }
    }
    expect((await http(server, 'GET', '/api/players/nobody/games.pgn')).status).toBe(404);
    expect((await http(server, 'GET', '/api/leaderboard/chess960')).status).toBe(400);
    expect((await http(server, 'GET', '/api/players/x/games?result=maybe')).status).toBe(400);
  });

  it('an account disconnected for flooding is refused at its next handshake by cookie (after reading it)', async () => {
    // the identity's block alone (every client here is 127.0.0.1: the address deny is address-gate.test.ts's matter)
    const { server, guest } = await setup({ rateLimit: { points: 3, durationSec: 60 }, abuseLimits: { strikes: 2, floodBlockSec: 60, denyAddressSec: 0 } });
    const reg = await http(server, 'POST', '/api/account/register', { username: 'Flooder', password: 'correct horse', token: guest.session.token });
    const signed = await socketWithCookie(server, reg.cookie ?? '');
    for (let i = 0; i < 6; i++) void signed.send('lobby:online', {}).catch(() => undefined);
    await new Promise((r) => setTimeout(r, 300));
    await expect(socketWithCookie(server, reg.cookie ?? '')).rejects.toMatchObject({ data: { code: 'rate-limited' } });
    await expect(Client.connect(server)).resolves.toBeDefined();
  });
});
