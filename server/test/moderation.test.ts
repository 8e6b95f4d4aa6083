import type { ClientPayload, ReportView } from '@progressive-chess/shared';
import { describe, expect, it } from 'vitest';
import { REPORTS_PER_WINDOW } from '../src/social/moderation-service.js';
import { account, http, useDatabase } from './durable-helpers.js';
import { startServer, type TestServer } from './helpers.js';

const db = useDatabase();

const post = (server: TestServer, path: string, cookie: string, body: unknown = {}) => http(server, 'POST', path, body, cookie);
const queue = async (server: TestServer, cookie: string): Promise<ReportView[]> =>
  ((await http(server, 'GET', '/api/moderation/reports', undefined, cookie)).body as { reports: ReportView[] }).reports;

const seek: ClientPayload<'seek:create'> = { variant: 'scottish', timeControl: { kind: 'fischer', initial: 300, increment: 3 }, color: 'white', visibility: 'public' };

describe('reports and moderation', () => {
  it('reports reach the operators, capped and cleaned; dismiss, mute and close act and are logged', async () => {
    const server = await startServer({ database: db(), operators: ['Oscar'] });
    const alice = await account(server, 'alice');
    const mallory = await account(server, 'mallory');
    const oscar = await account(server, 'oscar');
    const { seek: open } = await mallory.client.ok('seek:create', seek);
    const { gameId } = await alice.client.ok('seek:accept', { seekId: open.id });

    // the text is checked as chat lines are (no bidi controls), and capped
    expect(await post(server, '/api/reports', alice.cookie, { username: 'mallory', reason: 'abuse', text: 'evil \u202e' })).toMatchObject({ status: 400 });
    expect(await post(server, '/api/reports', alice.cookie, { username: 'mallory', reason: 'abuse', text: 'x'.repeat(501) })).toMatchObject({ status: 400 });
    expect(await post(server, '/api/reports', '', { username: 'mallory', reason: 'abuse' })).toMatchObject({ status: 401 });
    expect(await post(server, '/api/reports', alice.cookie, { username: 'mallory', reason: 'abuse', text: '  rude in chat ', gameId })).toMatchObject({ status: 201 });
    // a second report while the first is open adds nothing
    expect(await post(server, '/api/reports', alice.cookie, { username: 'mallory', reason: 'spam' })).toMatchObject({ status: 201 });

    expect(await http(server, 'GET', '/api/moderation/reports', undefined, alice.cookie)).toMatchObject({ status: 403, body: { code: 'not-operator' } });
    const [first, ...rest] = await queue(server, oscar.cookie);
    expect(rest).toEqual([]);
    expect(first).toMatchObject({ reporter: 'alice', reported: 'mallory', reason: 'abuse', text: 'rude in chat', gameId, status: 'open' });

    // dismissed, reported again: each report counts against the reporter's daily budget
    expect(await post(server, `/api/moderation/reports/${first?.id}`, oscar.cookie, { action: 'dismiss' })).toMatchObject({ status: 200 });
    expect(await post(server, `/api/moderation/reports/${first?.id}`, oscar.cookie, { action: 'dismiss' })).toMatchObject({ status: 404 });
    for (let i = 1; i < REPORTS_PER_WINDOW; i++) {
      await post(server, '/api/reports', alice.cookie, { username: 'mallory', reason: 'abuse' });
      const [r] = await queue(server, oscar.cookie);
      if (i < REPORTS_PER_WINDOW - 1) await post(server, `/api/moderation/reports/${r?.id}`, oscar.cookie, { action: 'dismiss' });
    }
    await post(server, `/api/moderation/reports/${(await queue(server, oscar.cookie))[0]?.id}`, oscar.cookie, { action: 'dismiss' });
    expect(await post(server, '/api/reports', alice.cookie, { username: 'mallory', reason: 'abuse' })).toMatchObject({ status: 429, body: { code: 'rate-limited' } });

    // mute: no more chat, in any channel
    await post(server, '/api/reports', oscar.cookie, { username: 'mallory', reason: 'abuse' });
    await post(server, `/api/moderation/reports/${(await queue(server, oscar.cookie))[0]?.id}`, oscar.cookie, { action: 'mute' });
    await mallory.client.ok('chat:join', { gameId });
    expect(await mallory.client.send('chat:send', { gameId, text: 'hello' })).toMatchObject({ ok: false, code: 'chat-unavailable' });
    await alice.client.ok('chat:send', { gameId, text: 'hello' });

    // close: sessions end, sockets drop, the account is nobody (profile, login, leaderboard)
    await post(server, '/api/reports', oscar.cookie, { username: 'mallory', reason: 'cheating' });
    const closeMallory = (await queue(server, oscar.cookie)).find((r) => r.reported === 'mallory');
    await db().query("INSERT INTO ratings (player_id, variant, rating, rd, volatility, games, updated_at) VALUES ($1, 'scottish', 1500, 100, 0.06, 3, 0)", [mallory.client.id]);
    const board = async (): Promise<unknown[]> => ((await http(server, 'GET', '/api/leaderboard/scottish')).body as { players: unknown[] }).players;
    expect(await board()).toHaveLength(1);
    const dropped = new Promise<void>((resolve) => mallory.client.socket.once('disconnect', () => resolve()));
    expect(await post(server, `/api/moderation/reports/${closeMallory?.id}`, oscar.cookie, { action: 'close' })).toMatchObject({ status: 200 });
    await dropped;
    expect(await http(server, 'GET', '/api/account', undefined, mallory.cookie)).toMatchObject({ body: { account: null } });
    expect(await http(server, 'GET', '/api/players/mallory')).toMatchObject({ status: 404 });
    expect(await post(server, '/api/account/login', '', { username: 'mallory', password: 'long password' })).toMatchObject({ status: 401 });
    expect(await queue(server, oscar.cookie)).toEqual([]);
    expect(await board()).toEqual([]);

    const log = (await http(server, 'GET', '/api/moderation/log', undefined, oscar.cookie)).body as { log: { action: string; target: string; operator: string }[] };
    expect(log.log.map((l) => l.action)).toEqual(['close', 'mute', 'dismiss', 'dismiss', 'dismiss', 'dismiss', 'dismiss']);
    expect(log.log.every((l) => l.operator === 'oscar' && l.target === 'mallory')).toBe(true);
  });
});
