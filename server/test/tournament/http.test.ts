import {
  TOURNAMENT_LIMITS,
  TOURNAMENT_STANDINGS_PAGE,
  tournamentApiPath,
  type TournamentCreate,
  type TournamentMine,
  type TournamentStandingsPage,
  type TournamentPaged,
  type TournamentUpdate,
  type TournamentView,
} from '@progressive-chess/shared';
import { describe, expect, it } from 'vitest';
import { account, http, useDatabase } from '../durable-helpers.js';
import { Client, startServer, type TestServer } from '../helpers.js';
import { arenaInput, MINUTE } from './tournament-helpers.js';

const db = useDatabase();

/** A request as a guest: its identity token as a bearer (what a guest's page sends). */
async function asGuest(server: TestServer, path: string, token: string): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: '{}' });
  return { status: res.status, body: await res.json() };
}

const create = (server: TestServer, cookie: string, input: Partial<TournamentCreate> = {}) =>
  http(server, 'POST', '/api/tournaments', { ...arenaInput(Date.now() + 10 * MINUTE), ...input }, cookie);

describe('tournament HTTP API', () => {
  it('creates for accounts only, within the creator cap and lead time; lists; 404 for an unknown one', async () => {
    const server = await startServer({ database: db(), tournaments: { tickMs: 0 } });
    const alice = await account(server, 'alice');
    expect(await http(server, 'POST', '/api/tournaments', arenaInput(Date.now() + 10 * MINUTE))).toMatchObject({ status: 401, body: { code: 'account-required' } });
    expect(await create(server, alice.cookie, { startsAt: Date.now() + MINUTE })).toMatchObject({ status: 400, body: { code: 'bad-request' } });
    expect(await create(server, alice.cookie, { name: 'x' })).toMatchObject({ status: 400, body: { code: 'bad-request' } });
    const made = await create(server, alice.cookie);
    expect(made).toMatchObject({ status: 201, body: { tournament: { name: 'Test Arena', status: 'upcoming', createdBy: 'alice', players: 0 } } });
    for (let i = 1; i < TOURNAMENT_LIMITS.openPerCreator; i++) expect((await create(server, alice.cookie)).status).toBe(201);
    expect(await create(server, alice.cookie)).toMatchObject({ status: 409, body: { code: 'tournament-cap' } });
    const lists = (await http(server, 'GET', '/api/tournaments')).body as { upcoming: unknown[]; running: unknown[]; finished: unknown[] };
    expect(lists.upcoming).toHaveLength(TOURNAMENT_LIMITS.openPerCreator);
    expect(lists.running).toEqual([]);
    expect(await http(server, 'GET', tournamentApiPath('nope'))).toMatchObject({ status: 404, body: { code: 'tournament-not-found' } });
  });

  it('refuses with codes: a guest in a rated one, twice, overlapping, full, pausing when not in it', async () => {
    const server = await startServer({ database: db(), tournaments: { tickMs: 0 } });
    const alice = await account(server, 'alice');
    const bob = await account(server, 'bob');
    const carol = await account(server, 'carol');
    const guest = await Client.connect(server, { name: 'Guest' });
    const rated = ((await create(server, alice.cookie, { maxPlayers: 2, rated: true })).body as { tournament: { id: string } }).tournament.id;
    const casual = ((await create(server, alice.cookie, { rated: false })).body as { tournament: { id: string } }).tournament.id;
    const join = (cookie: string, id: string) => http(server, 'POST', tournamentApiPath(id, 'join'), {}, cookie);
    expect(await asGuest(server, tournamentApiPath(rated, 'join'), guest.session.token)).toMatchObject({ status: 403, body: { code: 'tournament-guest' } });
    // a guest may play an unrated arena
    expect(await asGuest(server, tournamentApiPath(casual, 'join'), guest.session.token)).toMatchObject({ status: 200, body: { ok: true, view: { me: { joined: true } } } });
    expect(await join(bob.cookie, rated)).toMatchObject({ status: 200, body: { ok: true, view: { summary: { players: 1 } } } });
    expect(await join(bob.cookie, rated)).toMatchObject({ status: 409, body: { code: 'tournament-joined' } });
    // the casual arena is at the same time
    expect(await join(bob.cookie, casual)).toMatchObject({ status: 409, body: { code: 'tournament-overlap' } });
    expect(await join(carol.cookie, rated)).toMatchObject({ status: 200 });
    expect(await join(alice.cookie, rated)).toMatchObject({ status: 409, body: { code: 'tournament-full' } });
    expect(await http(server, 'POST', tournamentApiPath(rated, 'pause'), {}, alice.cookie)).toMatchObject({ status: 409, body: { code: 'tournament-not-joined' } });
    expect(await http(server, 'POST', tournamentApiPath(rated, 'join'), {})).toMatchObject({ status: 401, body: { code: 'account-required' } });
    // a bot account where bots are not allowed
    await db().query('INSERT INTO bot_accounts (player_id, upgraded_at) SELECT player_id, 0 FROM accounts WHERE username = $1', ['alice']);
    expect(await join(alice.cookie, casual)).toMatchObject({ status: 403, body: { code: 'tournament-bots' } });
    const one = (await http(server, 'GET', tournamentApiPath(rated), undefined, bob.cookie)).body as { view: { me: unknown; standings: unknown[] } };
    expect(one.view.me).toEqual({ joined: true, paused: false, withdrawn: false, gameId: null });
    expect(one.view.standings).toHaveLength(2);
  });

  it('socket subscribers get the view, then batched versioned updates', async () => {
    const server = await startServer({ database: db(), tournaments: { tickMs: 0, updateMs: 50 } });
    const alice = await account(server, 'alice');
    const bob = await account(server, 'bob');
    const id = ((await create(server, alice.cookie)).body as { tournament: { id: string } }).tournament.id;
    const watcher = await Client.connect(server, { name: 'Watcher' });
    const { view } = await watcher.ok('tournament:subscribe', { id });
    expect(view).toMatchObject({ summary: { id, players: 0 }, standings: [], podium: [] });
    expect(await watcher.send('tournament:subscribe', { id: 'nope' })).toMatchObject({ ok: false, code: 'tournament-not-found' });
    const update = watcher.next('tournament:update', (u: TournamentUpdate) => u.view.summary.players === 1);
    await http(server, 'POST', tournamentApiPath(id, 'join'), {}, bob.cookie);
    const u = await update;
    expect(u.id).toBe(id);
    expect(u.version).toBeGreaterThan(view.version);
    await watcher.ok('tournament:unsubscribe', { id });
  });

  it("the subscribe ack, the join answer and each update carry the first page of the standings, the caller's own row comes with the ack and after each update; any page over HTTP", async () => {
    const server = await startServer({ database: db(), tournaments: { tickMs: 0, updateMs: 50 } });
    const alice = await account(server, 'alice');
    const id = ((await create(server, alice.cookie, { rated: false })).body as { tournament: { id: string } }).tournament.id;
    const guests = await Promise.all(Array.from({ length: TOURNAMENT_STANDINGS_PAGE + 2 }, (_, i) => Client.connect(server, { name: `G${i}` })));
    for (const g of guests) expect((await asGuest(server, tournamentApiPath(id, 'join'), g.session.token)).status).toBe(200);
    const full = ((await http(server, 'GET', tournamentApiPath(id))).body as { view: TournamentView }).view;
    const byId = new Map(guests.map((g) => [g.session.playerId, g]));
    const [top, low] = [full.standings[0], full.standings[TOURNAMENT_STANDINGS_PAGE + 1]].map((s) => byId.get(s?.playerId ?? '') as Client) as [Client, Client];
    const acks = await Promise.all([top, low].map((c) => c.ok('tournament:subscribe', { id })));
    for (const a of acks) expect(a).toMatchObject({ standingsTotal: TOURNAMENT_STANDINGS_PAGE + 2, view: { standings: full.standings.slice(0, TOURNAMENT_STANDINGS_PAGE), me: { joined: true } } });
    expect(acks[0]?.mine).toBeNull();
    expect(acks[1]?.mine).toEqual(full.standings[TOURNAMENT_STANDINGS_PAGE + 1]);
    // the last to join: its own row comes with the answer, off the first page
    const late = await Client.connect(server, { name: 'Late' });
    const joined = (await asGuest(server, tournamentApiPath(id, 'join'), late.session.token)).body as TournamentPaged & { ok: true };
    expect(joined).toMatchObject({ ok: true, standingsTotal: TOURNAMENT_STANDINGS_PAGE + 3, mine: { playerId: late.session.playerId }, view: { me: { joined: true } } });
    expect(joined.view.standings).toHaveLength(TOURNAMENT_STANDINGS_PAGE);
    const updated = (c: Client) => c.next('tournament:update', (u: TournamentUpdate) => u.view.summary.players === TOURNAMENT_STANDINGS_PAGE + 4);
    const [topUpdate, lowUpdate] = [updated(top), updated(low)];
    await http(server, 'POST', tournamentApiPath(id, 'join'), {}, alice.cookie);
    const [u1, u2] = await Promise.all([topUpdate, lowUpdate]);
    const ofU2 = (m: TournamentMine): boolean => m.id === id && m.version === u2.version;
    const m2 = low.received('tournament:mine').find(ofU2) ?? (await low.next('tournament:mine', ofU2));
    for (const u of [u1, u2]) {
      expect(u.view.standings).toHaveLength(TOURNAMENT_STANDINGS_PAGE);
      expect(u.standingsTotal).toBe(TOURNAMENT_STANDINGS_PAGE + 4);
      expect(u).not.toHaveProperty('mine');
    }
    expect(u1.view.standings.map((s) => s.playerId)).toContain(top.session.playerId);
    // low's own row, of the update's version, is the full standings' row
    expect(m2).toMatchObject({ version: u2.version, mine: { playerId: low.session.playerId } });
    const page2 = await http(server, 'GET', `${tournamentApiPath(id, 'standings')}?page=2`);
    expect(page2).toMatchObject({ status: 200, body: { id, page: 2, pages: 2, total: TOURNAMENT_STANDINGS_PAGE + 4 } });
    const now = ((await http(server, 'GET', tournamentApiPath(id))).body as { view: TournamentView }).view;
    expect((page2.body as TournamentStandingsPage).standings).toEqual(now.standings.slice(TOURNAMENT_STANDINGS_PAGE));
    expect((await http(server, 'GET', tournamentApiPath(id, 'standings'))).body).toMatchObject({ page: 1, standings: u1.view.standings.map((s) => ({ playerId: s.playerId })) });
    expect(await http(server, 'GET', `${tournamentApiPath(id, 'standings')}?page=0`)).toMatchObject({ status: 400, body: { code: 'bad-request' } });
    expect(await http(server, 'GET', tournamentApiPath('nope', 'standings'))).toMatchObject({ status: 404, body: { code: 'tournament-not-found' } });
  });
});
