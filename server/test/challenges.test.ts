import type { ClientPayload } from '@progressive-chess/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryStore } from '../src/store/memory-store.js';
import { createRedisStore } from '../src/store/redis-store.js';
import { type RedisHandle, skipWithoutRedis, startRedis } from '../../test/support/redis-server.js';
import { waitForAdapter } from '../../test/support/adapter-ready.js';
import { account, useDatabase } from './durable-helpers.js';
import { Client, lobbyEventsOf, manualClock, playSideBySide, startServer, type TestServer } from './helpers.js';

const db = useDatabase();

/** A challenge of Alice to `opponent`: Scottish, 5+3, Alice white. */
const challenge = (opponent: string): ClientPayload<'seek:create'> => ({
  variant: 'scottish',
  timeControl: { kind: 'fischer', initial: 300, increment: 3 },
  color: 'white',
  visibility: 'private',
  opponent,
});

/** A registered player signed in on `server`, registered through `registrar` (default: the same server). */
const signedIn = async (server: TestServer, username: string, registrar: TestServer = server): Promise<Client> =>
  (await account(server, username, registrar)).client;

describe('challenges by name', () => {
  it('reach the challenged player only, who accepts: both players get the game', async () => {
    const server = await startServer({ database: db() });
    const [alice, bob, carol] = [await signedIn(server, 'alice'), await signedIn(server, 'Bob'), await signedIn(server, 'carol')];
    const received = bob.next('challenge:received');
    const { seek } = await alice.ok('seek:create', challenge('bob'));
    expect(seek).toMatchObject({ visibility: 'private', opponent: { id: bob.id, name: 'Bob' }, creator: { name: 'alice' } });
    expect(seek.inviteCode).toBeUndefined();
    expect(await received).toEqual(seek);
    expect((await bob.ok('lobby:subscribe', {})).challenges).toEqual([seek]);
    const carolView = await carol.ok('lobby:subscribe', {});
    expect(carolView.challenges).toEqual([]);
    expect(carolView.seeks).toEqual([]);
    expect((await alice.ok('lobby:subscribe', {})).mine.map((o) => o.seek)).toEqual([seek]);

    expect(await carol.send('seek:accept', { seekId: seek.id })).toMatchObject({ ok: false, code: 'not-for-you' });
    expect(await carol.send('seek:decline', { seekId: seek.id })).toMatchObject({ ok: false, code: 'not-for-you' });
    expect(await alice.send('seek:accept', { seekId: seek.id })).toMatchObject({ ok: false, code: 'own-seek' });

    const starts = [alice.next('game:start'), bob.next('game:start')];
    const removed = bob.next('challenge:removed');
    const { gameId } = await bob.ok('seek:accept', { seekId: seek.id });
    expect(await Promise.all(starts)).toEqual([
      { gameId, color: 'white' },
      { gameId, color: 'black' },
    ]);
    expect(await removed).toEqual({ seekId: seek.id, reason: 'accepted' });
    expect((await bob.ok('lobby:subscribe', {})).challenges).toEqual([]);
    const { snapshot } = await bob.ok('game:join', { gameId });
    expect(snapshot.players.white.name).toBe('alice');
    expect(snapshot.timeControl).toEqual({ kind: 'fischer', initial: 300, increment: 3 });
  });

  it("a game started from a challenge never reaches a stranger's lobby: not its start, room counts, turns nor end (a public game beside it is heard)", async () => {
    const server = await startServer({ database: db(), lobbyBatchMs: 0, presenceBatchMs: 20 });
    const [alice, bob] = [await signedIn(server, 'alice'), await signedIn(server, 'bob')];
    const [dan, stranger] = [await Client.connect(server), await Client.connect(server)];
    await stranger.ok('lobby:subscribe', {});
    const added = stranger.next('lobby:gameAdded');
    const { seek } = await alice.ok('seek:create', challenge('bob'));
    const challenged = (await bob.ok('seek:accept', { seekId: seek.id })).gameId;
    const { seek: open } = await alice.ok('seek:create', { variant: 'scottish', timeControl: { kind: 'none' }, color: 'white', visibility: 'public' });
    const pub = (await bob.ok('seek:accept', { seekId: open.id })).gameId;
    // the lobby's events go out in order: the public game's start comes after the challenge game's would have
    expect((await added).id).toBe(pub);
    await playSideBySide({ alice, bob, dan, stranger }, challenged, pub);
    expect(lobbyEventsOf(stranger, challenged)).toEqual([]);
    expect(lobbyEventsOf(stranger, pub)).toContain('lobby:gameAdded');
  });

  it('a decline removes it from both sides and tells the challenger', async () => {
    const server = await startServer({ database: db() });
    const [alice, bob] = [await signedIn(server, 'alice'), await signedIn(server, 'bob')];
    await alice.ok('lobby:subscribe', {});
    const { seek } = await alice.ok('seek:create', challenge('BOB'));
    const [declined, mine, removed] = [
      alice.next('challenge:declined'),
      alice.next('lobby:mySeeks', (p) => p.seeks.length === 0),
      bob.next('challenge:removed'),
    ];
    await bob.ok('seek:decline', { seekId: seek.id });
    expect(await declined).toEqual({ seekId: seek.id, by: 'bob' });
    await mine;
    expect(await removed).toEqual({ seekId: seek.id, reason: 'declined' });
    expect(await bob.send('seek:accept', { seekId: seek.id })).toMatchObject({ ok: false, code: 'unknown-seek' });
    expect(await bob.send('seek:decline', { seekId: seek.id })).toMatchObject({ ok: false, code: 'unknown-seek' });
  });

  it('a cancel and an expiry remove it from the challenged player', async () => {
    const clock = manualClock(Date.now());
    const server = await startServer({ database: db(), now: clock.now, seekExpiryTickMs: 20, limits: { inviteTtlMs: 60_000 } });
    const [alice, bob] = [await signedIn(server, 'alice'), await signedIn(server, 'bob')];
    const first = await alice.ok('seek:create', challenge('bob'));
    const cancelled = bob.next('challenge:removed');
    await alice.ok('seek:cancel', { seekId: first.seek.id });
    expect(await cancelled).toEqual({ seekId: first.seek.id, reason: 'cancelled' });

    const second = await alice.ok('seek:create', { ...challenge('bob'), color: 'random' });
    expect((await bob.ok('lobby:subscribe', {})).challenges.map((s) => s.id)).toEqual([second.seek.id]);
    const expired = bob.next('challenge:removed');
    clock.advance(60_000);
    expect(await expired).toEqual({ seekId: second.seek.id, reason: 'expired' });
    expect((await bob.ok('lobby:subscribe', {})).challenges).toEqual([]);
  });

  it('refuses an unknown player, oneself, a public challenge, and more than the open seeks allowed', async () => {
    const server = await startServer({ database: db(), limits: { maxSeeksPerPlayer: 2 } });
    const [alice] = [await signedIn(server, 'alice'), await signedIn(server, 'bob'), await signedIn(server, 'carol')];
    expect(await alice.send('seek:create', challenge('nobody'))).toMatchObject({ ok: false, code: 'unknown-player' });
    expect(await alice.send('seek:create', challenge('ALICE'))).toMatchObject({ ok: false, code: 'self-challenge' });
    expect(await alice.send('seek:create', { ...challenge('bob'), visibility: 'public' })).toMatchObject({ ok: false, code: 'bad-request' });
    expect(await alice.send('seek:create', challenge('bad name!'))).toMatchObject({ ok: false, code: 'bad-request' });
    const one = await alice.ok('seek:create', challenge('bob'));
    // the same challenge again is the open one; to another player it is another seek
    expect((await alice.ok('seek:create', challenge('bob'))).seek.id).toBe(one.seek.id);
    await alice.ok('seek:create', challenge('carol'));
    expect(await alice.send('seek:create', { ...challenge('carol'), color: 'black' })).toMatchObject({ ok: false, code: 'too-many-seeks' });
  });

  it('one player receives at most MAX_CHALLENGES_PER_PLAYER open challenges, from everyone together', async () => {
    const server = await startServer({ database: db(), limits: { maxChallengesPerPlayer: 2 } });
    const [alice, carol, dan, bob] = [
      await signedIn(server, 'alice'),
      await signedIn(server, 'carol'),
      await signedIn(server, 'dan'),
      await signedIn(server, 'bob'),
    ];
    const first = await alice.ok('seek:create', challenge('bob'));
    await carol.ok('seek:create', challenge('bob'));
    expect(await dan.send('seek:create', challenge('bob'))).toMatchObject({ ok: false, code: 'too-many-challenges', message: expect.stringContaining('bob') });
    expect((await dan.ok('seek:create', challenge('alice'))).seek.opponent?.name).toBe('alice');
    await bob.ok('seek:decline', { seekId: first.seek.id });
    expect((await dan.ok('seek:create', challenge('bob'))).seek.opponent?.name).toBe('bob');
  });

  it('a guest may challenge an account; a guest cannot be challenged', async () => {
    const server = await startServer({ database: db() });
    const bob = await signedIn(server, 'bob');
    const guest = await Client.connect(server, { name: 'Visitor' });
    const received = bob.next('challenge:received');
    const { seek } = await guest.ok('seek:create', challenge('bob'));
    expect(await received).toMatchObject({ id: seek.id, creator: { name: 'Visitor' } });
    expect(await bob.send('seek:create', challenge('Visitor'))).toMatchObject({ ok: false, code: 'unknown-player' });
  });
});

describe('challenges without a database', () => {
  it('are refused with no-accounts', async () => {
    const server = await startServer();
    const alice = await Client.connect(server);
    expect(await alice.send('seek:create', challenge('bob'))).toMatchObject({ ok: false, code: 'no-accounts' });
    expect((await alice.ok('lobby:subscribe', {})).challenges).toEqual([]);
  });
});

describe('challenges across nodes', () => {
  it('made on one node, listed and accepted on another (one memory store)', async () => {
    const store = createMemoryStore();
    const [a, b] = await Promise.all([startServer({ database: db(), store }), startServer({ database: db(), store })]);
    const alice = await signedIn(a, 'alice');
    const bob = await signedIn(b, 'bob');
    const { seek } = await alice.ok('seek:create', challenge('bob'));
    expect((await bob.ok('lobby:subscribe', {})).challenges.map((s) => s.id)).toEqual([seek.id]);
    const { gameId } = await bob.ok('seek:accept', { seekId: seek.id });
    // no transport between these nodes: the challenger finds the game in its list (the shared store)
    expect((await alice.ok('lobby:myGames', {})).myGames).toMatchObject([{ id: gameId, color: 'white', opponent: 'bob' }]);
  });
});

describe.skipIf(skipWithoutRedis())('challenges across nodes on Redis', () => {
  let redis: RedisHandle;
  beforeAll(async () => {
    redis = await startRedis({ appendOnly: false });
  });
  afterAll(async () => {
    await redis?.stop();
  });

  it("a challenge made on one node reaches the challenged player's connection on the other, and so does its decline", async () => {
    const node = async (prefix: string) => {
      const store = createRedisStore(redis.url, { prefix });
      const server = await startServer({ database: db(), store, redis: { url: redis.url } });
      return { server, store };
    };
    const a = await node('ch:');
    const b = await node('ch:');
    try {
      const alice = await signedIn(a.server, 'alice');
      const bob = await signedIn(b.server, 'bob', a.server);
      await waitForAdapter(a.store.client);
      const received = bob.next('challenge:received');
      const { seek } = await alice.ok('seek:create', challenge('bob'));
      expect(await received).toEqual(seek);
      const declined = alice.next('challenge:declined');
      await bob.ok('seek:decline', { seekId: seek.id });
      expect(await declined).toEqual({ seekId: seek.id, by: 'bob' });
    } finally {
      await a.server.app.close();
      await b.server.app.close();
      await Promise.all([a.store.close(), b.store.close()]);
    }
  });
});
