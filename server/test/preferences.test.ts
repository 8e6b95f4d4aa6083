import { DEFAULT_PREFERENCES, type Preferences } from '@progressive-chess/shared';
import { describe, expect, it } from 'vitest';
import { http, useDatabase } from './durable-helpers.js';
import { startServer } from './helpers.js';
import { account } from './notify/notify-helpers.js';

const db = useDatabase();

describe('account preferences (GET/PUT /api/account/preferences)', () => {
  it('keeps a member\'s preferences for another session, refuses a bad set with its code, and a guest', async () => {
    const server = await startServer({ database: db() });
    const alice = await account(server, 'alice');
    expect((await http(server, 'GET', '/api/account/preferences', undefined, alice.cookie)).body).toEqual({ preferences: null });

    const mine: Preferences = { ...DEFAULT_PREFERENCES, language: 'it', theme: 'dark', board: 'green', pieces: 'line', animation: 'slow', confirmMoves: true, volume: 35 };
    const put = await http(server, 'PUT', '/api/account/preferences', mine, alice.cookie);
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ preferences: mine });

    // another browser: a fresh login sees them
    const login = await http(server, 'POST', '/api/account/login', { username: 'alice', password: 'long password' });
    const elsewhere = login.cookie ?? '';
    expect(login.cookie).toBeTruthy();
    expect(login.cookie).not.toBe(alice.cookie);
    expect((await http(server, 'GET', '/api/account/preferences', undefined, elsewhere)).body).toEqual({ preferences: mine });

    for (const bad of [{ ...mine, volume: 101 }, { ...mine, language: 'de' }, { ...mine, extra: 1 }, { theme: 'dark' }]) {
      const r = await http(server, 'PUT', '/api/account/preferences', bad, alice.cookie);
      expect(r.status, JSON.stringify(bad)).toBe(400);
      expect(r.body).toMatchObject({ code: 'bad-request' });
    }
    expect((await http(server, 'GET', '/api/account/preferences', undefined, alice.cookie)).body).toEqual({ preferences: mine });

    const guest = await http(server, 'GET', '/api/account/preferences');
    expect(guest.status).toBe(401);
    expect(guest.body).toMatchObject({ code: 'account-required' });
    expect((await http(server, 'PUT', '/api/account/preferences', mine)).body).toMatchObject({ code: 'account-required' });
  });
});
