import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AccountView, GameEvent, GamesPage, Leaderboard, PlayerProfile } from '@progressive-chess/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ArchiveRepo } from '../src/db/archive-repo.js';
import { createGameArchive } from '../src/services/game-archive.js';
import { createMemoryStore } from '../src/store/memory-store.js';
import { createRedisStore } from '../src/store/redis-store.js';
import { type RedisHandle, skipWithoutRedis, startRedis } from '../../test/support/redis-server.js';
import { http, socketWithCookie, useDatabase } from './durable-helpers.js';
import { Client, playMoves, sleep, startServer, type TestServer } from './helpers.js';

const db = useDatabase();
/** Scottish: 1.e4 2.e5 Nf6 3.Bc4 Qh5 Qxf7# (three completed turns, White mates). */
const MATE = { white1: ['e2e4'], black2: ['e7e5', 'g8f6'], white3: ['f1c4', 'd1h5', 'h5f7'] };

/** A registered player: an account cookie and a socket signed in with it. */
async function account(server: TestServer, username: string) {
  const guest = await Client.connect(server);
  const reg = await http(server, 'POST', '/api/account/register', { username, password: 'long password', token: guest.session.token });
  expect(reg.status).toBe(201);
  guest.close();
  const socket = await Client.connect(server, {}, reg.cookie ?? '');
  return { socket, cookie: reg.cookie ?? '', id: socket.id };
}

async function ratedGame(server: TestServer, a: Client, b: Client): Promise<string> {
  const { seek } = await a.ok('seek:create', { variant: 'scottish', timeControl: { kind: 'none' }, color: 'white', visibility: 'public', rated: true });
  expect(seek).toMatchObject({ rated: true, creator: { rating: 1500, provisional: true } });
  return (await b.ok('seek:accept', { seekId: seek.id })).gameId;
}

async function playMate(white: Client, black: Client, gameId: string): Promise<void> {
  for (const c of [white, black]) await c.ok('game:join', { gameId });
  let v = await playMoves(white, gameId, 1, MATE.white1);
  v = await playMoves(black, gameId, v, MATE.black2);
  await playMoves(white, gameId, v, MATE.white3);
}

const archivedEvent = (c: Client, gameId: string) =>
  c.next('game:event', (e: GameEvent) => e.gameId === gameId && e.event.type === 'archived', 10_000);

/** Two rated games of alice (white) and bob, both archived: one aborted, one resigned by alice after one completed turn. */
async function abortedThenResigned(server: TestServer) {
  const alice = await account(server, 'alice');
  const bob = await account(server, 'bob');
  const aborted = await ratedGame(server, alice.socket, bob.socket);
  await alice.socket.ok('game:join', { gameId: aborted });
  const a1 = archivedEvent(alice.socket, aborted);
  await alice.socket.ok('game:abort', { gameId: aborted });
  const first = (await a1).event;
  const resigned = await ratedGame(server, alice.socket, bob.socket);
  await alice.socket.ok('game:join', { gameId: resigned });
  await playMoves(alice.socket, resigned, 1, ['e2e4']); // one completed turn
  const a2 = archivedEvent(alice.socket, resigned);
  await alice.socket.ok('game:resign', { gameId: resigned });
  return { aborted, resigned, archived: [first, (await a2).event] };
}

describe('archive and ratings', () => {
  it('a rated game is archived once, rated, shown to the room, then served from the archive', async () => {
    const server = await startServer({ database: db(), archiveGraceMs: 200 });
    const alice = await account(server, 'alice');
    const bob = await account(server, 'bob');
    const guest = await Client.connect(server);
    const { seek } = await alice.socket.ok('seek:create', { variant: 'scottish', timeControl: { kind: 'none' }, color: 'white', visibility: 'public', rated: true });
    expect(await guest.send('seek:accept', { seekId: seek.id })).toMatchObject({ ok: false, code: 'account-required' });
    expect(await guest.send('seek:create', { variant: 'scottish', timeControl: { kind: 'none' }, color: 'white', visibility: 'public', rated: true })).toMatchObject({ ok: false, code: 'account-required' });
    const { gameId } = await bob.socket.ok('seek:accept', { seekId: seek.id });
    const lobbyGame = (await guest.ok('lobby:subscribe', {})).games.find((g) => g.id === gameId);
    expect(lobbyGame).toMatchObject({ rated: true, whiteRating: 1500, blackRating: 1500 });

    const archived = archivedEvent(bob.socket, gameId);
    await playMate(alice.socket, bob.socket, gameId);
    const ev = (await archived).event;
    if (ev.type !== 'archived') throw new Error('not archived');
    expect(ev.ratings?.white.before).toBe(1500);
    expect(ev.ratings?.white.after).toBeGreaterThan(1500);
    expect(ev.ratings?.black.after).toBeLessThan(1500);

    await sleep(400); // past the grace: gone from the live store, still served
    expect(await server.app.services.games.load(gameId).then((g) => g.id)).toBe(gameId);
    const snap = await http(server, 'GET', `/api/games/${gameId}`);
    expect(snap.body).toMatchObject({ id: gameId, status: 'finished', rated: true, ratings: ev.ratings, outcome: { result: '1-0' } });
    const pgn = await http(server, 'GET', `/api/games/${gameId}/pgn`);
    expect(pgn.body).toContain('Qxf7#');

    const me = (await http(server, 'GET', '/api/account', undefined, alice.cookie)).body as { account: AccountView };
    expect(me.account.ratings).toEqual([expect.objectContaining({ variant: 'scottish', games: 1, rating: ev.ratings?.white.after })]);
    const profile = (await http(server, 'GET', '/api/players/BOB')).body as PlayerProfile;
    expect(profile.recentGames.map((g) => [g.id, g.outcome, g.rated])).toEqual([[gameId, 'loss', true]]);
    expect(profile.history.scottish).toHaveLength(1);
    const list = (await http(server, 'GET', '/api/players/alice/games?variant=scottish&result=win')).body as GamesPage;
    expect(list.games.map((g) => [g.id, g.turns])).toEqual([[gameId, 3]]); // three turns played (Black mated at the start of the 4th)
    expect(((await http(server, 'GET', '/api/players/alice/games?result=loss')).body as GamesPage).games).toEqual([]);
    const board = (await http(server, 'GET', '/api/leaderboard/scottish')).body as Leaderboard;
    expect(board.players.map((p) => p.username)).toEqual(['alice', 'bob']);
    const all = await http(server, 'GET', '/api/players/alice/games.pgn');
    expect(all.body).toContain('[White "alice"]');
  });

  it('the browser page of a game served from the archive is HTTP 200 (404 only for an unknown game); its live chat is gone', async () => {
    const clientDir = mkdtempSync(join(tmpdir(), 'pchess-client-'));
    writeFileSync(join(clientDir, 'index.html'), '<!doctype html><title>Progressive Chess</title>');
    const store = createMemoryStore();
    const server = await startServer({ database: db(), archiveGraceMs: 200, clientDir, store });
    const alice = await account(server, 'alice');
    const bob = await account(server, 'bob');
    const gameId = await ratedGame(server, alice.socket, bob.socket);
    const archived = archivedEvent(bob.socket, gameId);
    await playMate(alice.socket, bob.socket, gameId);
    await archived;
    await sleep(400); // past the grace: gone from the live store
    expect(await store.loadGameHead(gameId)).toBeNull();
    const page = await fetch(`${server.url}/game/${gameId}`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Progressive Chess');
    expect((await fetch(`${server.url}/game/nosuchgame`, { headers: { accept: 'text/html' } })).status).toBe(404);
    // the page shows the chat as closed on this answer (client/src/lib/chat.svelte.ts)
    const spectator = await Client.connect(server);
    expect(await spectator.send('chat:join', { gameId })).toMatchObject({ ok: false, code: 'unknown-game' });
  });

  it('aborted games and games with fewer than two completed turns are archived unrated', async () => {
    const server = await startServer({ database: db() });
    const { archived } = await abortedThenResigned(server);
    expect(archived).toEqual([{ type: 'archived', ratings: null }, { type: 'archived', ratings: null }]);
    const page = (await http(server, 'GET', '/api/players/alice/games')).body as GamesPage;
    expect(page.games.map((g) => [g.outcome, g.rated])).toEqual([['loss', false], ['aborted', false]]);
    expect(((await http(server, 'GET', '/api/leaderboard/scottish')).body as Leaderboard).players).toEqual([]);
  });

  it('aborted games leave the archive after their retention, as they leave the live store; games with a result stay', async () => {
    const server = await startServer({ database: db(), archiveGraceMs: 50, archivePruneMs: 100, limits: { abortedRetentionMs: 1_000 } });
    const { aborted, resigned } = await abortedThenResigned(server);
    const listed = async () => ((await http(server, 'GET', '/api/players/alice/games')).body as GamesPage).games.map((g) => g.outcome);
    expect(await listed()).toEqual(['loss', 'aborted']); // within the retention: both

    const deadline = Date.now() + 10_000;
    while ((await http(server, 'GET', `/api/games/${aborted}`)).status !== 404) {
      if (Date.now() > deadline) throw new Error('the aborted game is still served');
      await sleep(100);
    }
    expect(await listed()).toEqual(['loss']);
    expect((await http(server, 'GET', `/api/games/${resigned}`)).status).toBe(200);
  });

  it('a node that died after its archive write, then two nodes racing to finish it: the rating changes once', async () => {
    const store = createMemoryStore();
    const slow = { database: db(), store, deadlineTickMs: 3_600_000 }; // workers idle: the test drives them
    const nodeA = await startServer(slow);
    const nodeB = await startServer(slow);
    const alice = await account(nodeA, 'alice');
    const bob = await account(nodeB, 'bob');
    const gameId = await ratedGame(nodeA, alice.socket, bob.socket);
    await playMate(alice.socket, bob.socket, gameId);
    const finished = await store.loadGame(gameId);
    if (finished === null) throw new Error('game missing');
    // The first node wrote the archive (ratings applied) and died before marking the game archived.
    const first = await createGameArchive(new ArchiveRepo(db()), () => 1, 1000).archive(finished);
    expect(first?.white.after).toBeGreaterThan(1500);
    const archived = archivedEvent(alice.socket, gameId);
    const lease = Date.now() + 10_000;
    await Promise.all([nodeA, nodeB].map((n) => n.app.services.games.resolveDeadline(gameId, lease)));
    expect((await archived).event).toEqual({ type: 'archived', ratings: first });
    const rows = await db().query<{ n: number }>('SELECT count(*)::int AS n FROM rating_history');
    expect(rows.rows[0]?.n).toBe(2);
    const me = (await http(nodeB, 'GET', '/api/account', undefined, alice.cookie)).body as { account: AccountView };
    expect(me.account.ratings[0]).toMatchObject({ games: 1, rating: first?.white.after });
    expect(JSON.parse((await store.loadGame(gameId))?.doc ?? '{}')).toMatchObject({ archived: true, ratings: first });
    expect((await store.claimDueGames(Date.now() + 60_000, 10, 1000)).ids).toEqual([]);
    await store.close();
  });

  it('a second device logs in and finds the game and the rating', async () => {
    const server = await startServer({ database: db() });
    const alice = await account(server, 'alice');
    const bob = await account(server, 'bob');
    const gameId = await ratedGame(server, alice.socket, bob.socket);
    const archived = archivedEvent(alice.socket, gameId);
    await playMate(alice.socket, bob.socket, gameId);
    await archived;
    const login = await http(server, 'POST', '/api/account/login', { username: 'alice', password: 'long password' });
    const device = await socketWithCookie(server, login.cookie ?? '');
    expect(device.session.playerId).toBe(alice.id);
    const page = (await http(server, 'GET', '/api/players/alice/games')).body as GamesPage;
    expect(page.games[0]?.id).toBe(gameId);
    device.close();
  });
});

describe.skipIf(skipWithoutRedis())('archive with two nodes on Redis', () => {
  let redis: RedisHandle;
  beforeAll(async () => {
    redis = await startRedis({ appendOnly: false });
  });
  afterAll(async () => {
    await redis?.stop();
  });

  it('archived and rated once, gone from Redis after the grace, served from the archive by either node', async () => {
    const node = async () => {
      const store = createRedisStore(redis.url, { prefix: 'arch:' });
      const server = await startServer({ database: db(), store, archiveGraceMs: 300, redis: { url: redis.url } });
      return { store, server };
    };
    const a = await node();
    const b = await node();
    const alice = await account(a.server, 'alice');
    const bob = await account(b.server, 'bob');
    const gameId = await ratedGame(a.server, alice.socket, bob.socket);
    const archived = archivedEvent(bob.socket, gameId);
    await playMate(alice.socket, bob.socket, gameId);
    const ev = (await archived).event;
    expect(ev.type === 'archived' && ev.ratings?.black.after).toBeLessThan(1500);
    await sleep(700);
    expect(await a.store.loadGame(gameId)).toBeNull();
    for (const n of [a, b]) {
      expect((await http(n.server, 'GET', `/api/games/${gameId}`)).body).toMatchObject({ id: gameId, status: 'finished', ratings: ev.type === 'archived' ? ev.ratings : null });
    }
    const h = await db().query<{ n: number }>('SELECT count(*)::int AS n FROM rating_history');
    expect(h.rows[0]?.n).toBe(2);
    await Promise.all([a.store.close(), b.store.close()]);
  });
});
