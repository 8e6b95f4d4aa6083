import type { FriendsList } from '@progressive-chess/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RedisHandle, skipWithoutRedis, startRedis } from '../../test/support/redis-server.js';
import { waitForAdapter } from '../../test/support/adapter-ready.js';
import { createRedisStore } from '../src/store/redis-store.js';
import { SocialRepo } from '../src/social/social-repo.js';
import { SOCIAL_WRITES } from '../src/social/social-routes.js';
import { account, http, useDatabase } from './durable-helpers.js';
import { Client, startServer, type TestServer } from './helpers.js';
import { challenge, seek } from './seek-payload.js';

const db = useDatabase();


const post = (server: TestServer, path: string, cookie: string, body: unknown = {}) => http(server, 'POST', path, body, cookie);
const friends = async (server: TestServer, cookie: string): Promise<FriendsList> => (await http(server, 'GET', '/api/social/follows', undefined, cookie)).body as FriendsList;

describe('follows', () => {
  it('a friends list says who is online and which public games they play, and needs an account', async () => {
    const server = await startServer({ database: db() });
    const alice = await account(server, 'alice');
    const bob = await account(server, 'bob');
    const carol = await account(server, 'carol');
    expect((await post(server, '/api/social/follow', alice.cookie, { username: 'BOB' })).body).toEqual({ friends: [{ username: 'bob', online: true, playing: [] }] });
    const { seek: open } = await bob.client.ok('seek:create', seek());
    const { gameId } = await carol.client.ok('seek:accept', { seekId: open.id });
    expect(await friends(server, alice.cookie)).toEqual({ friends: [{ username: 'bob', online: true, playing: [gameId] }] });
    // a private game is not shown
    const { seek: invite } = await bob.client.ok('seek:create', challenge('carol'));
    await carol.client.ok('seek:accept', { seekId: invite.id });
    expect((await friends(server, alice.cookie)).friends[0]?.playing).toEqual([gameId]);
    expect(await server.app.services.social?.followersOf(bob.client.id)).toEqual([alice.client.id]);

    bob.client.close();
    await expect.poll(async () => (await friends(server, alice.cookie)).friends[0]?.online, { timeout: 10_000 }).toBe(false);
    expect((await post(server, '/api/social/unfollow', alice.cookie, { username: 'bob' })).body).toEqual({ friends: [] });
    expect(await post(server, '/api/social/follow', alice.cookie, { username: 'alice' })).toMatchObject({ status: 400 });
    expect(await post(server, '/api/social/follow', alice.cookie, { username: 'nobody' })).toMatchObject({ status: 404, body: { code: 'unknown-player' } });
    expect(await post(server, '/api/social/follow', '', { username: 'bob' })).toMatchObject({ status: 401, body: { code: 'account-required' } });
  });

  it('follow and block changes are rate limited per account', async () => {
    const server = await startServer({ database: db() });
    const alice = await account(server, 'alice');
    await account(server, 'bob');
    for (let i = 0; i < SOCIAL_WRITES.points; i++) {
      expect(await post(server, `/api/social/${i % 2 === 0 ? 'follow' : 'unfollow'}`, alice.cookie, { username: 'bob' })).toMatchObject({ status: 200 });
    }
    expect(await post(server, '/api/social/block', alice.cookie, { username: 'bob' })).toMatchObject({ status: 429, body: { code: 'rate-limited' } });
  });
});

describe('the caps', () => {
  it('an account follows and blocks at most the players allowed (one statement: the cap holds)', async () => {
    const repo = new SocialRepo(db());
    expect(await repo.add('follows', 'a', 'b', 2, 1)).toBe('added');
    expect(await repo.add('follows', 'a', 'b', 2, 1)).toBe('exists');
    expect(await repo.add('follows', 'a', 'c', 2, 1)).toBe('added');
    expect(await repo.add('follows', 'a', 'd', 2, 1)).toBe('full');
    expect(await repo.add('blocks', 'a', 'd', 1, 1)).toBe('added');
    expect(await repo.add('blocks', 'a', 'e', 1, 1)).toBe('full');
    expect(await repo.blockedEitherWay('d', 'a')).toBe(true);
    expect(await repo.blockedWith('d')).toEqual(['a']);
  });
});

describe('blocks', () => {
  it('keep a blocked player from challenging, seeing seeks, pairing and chatting, without revealing the block', async () => {
    const server = await startServer({ database: db() });
    const alice = await account(server, 'alice');
    const mallory = await account(server, 'mallory');
    const carol = await account(server, 'carol');
    // a game that started before the block
    const { seek: before } = await mallory.client.ok('seek:create', seek());
    const { gameId } = await alice.client.ok('seek:accept', { seekId: before.id });
    await post(server, '/api/social/follow', mallory.cookie, { username: 'alice' });
    expect((await post(server, '/api/social/block', alice.cookie, { username: 'mallory' })).body).toEqual({ blocked: ['mallory'] });
    // the block ended the follow, and the blocked player cannot follow again (as if nobody)
    expect((await friends(server, mallory.cookie)).friends).toEqual([]);
    const nobody = await post(server, '/api/social/follow', mallory.cookie, { username: 'nobody' });
    expect(nobody).toMatchObject({ status: 404 });
    expect((await post(server, '/api/social/follow', mallory.cookie, { username: 'alice' })).body).toEqual({
      ...(nobody.body as object),
      message: 'no player is registered as alice',
    });

    // challenges, both ways: the answer an unknown player gets
    const unknown = await mallory.client.send('seek:create', challenge('nobody'));
    expect(await mallory.client.send('seek:create', challenge('alice'))).toEqual({ ...unknown, message: 'no player is registered as alice' });
    expect(await alice.client.send('seek:create', challenge('mallory'))).toMatchObject({ ok: false, code: 'unknown-player' });

    // seeks: not listed, not announced, not acceptable (either way)
    await alice.client.ok('lobby:subscribe', {});
    const { seek: hidden } = await mallory.client.ok('seek:create', seek({ color: 'black' }));
    const carolsSeek = alice.client.next('lobby:seekAdded');
    const { seek: shown } = await carol.client.ok('seek:create', seek({ color: 'black' }));
    expect(await carolsSeek).toMatchObject({ id: shown.id });
    expect(alice.client.events.filter((e) => e.name === 'lobby:seekAdded').map((e) => (e.payload as { id: string }).id)).toEqual([shown.id]);
    expect((await alice.client.ok('lobby:subscribe', {})).seeks.map((s) => s.id)).toEqual([shown.id]);
    expect((await carol.client.ok('lobby:subscribe', {})).seeks.map((s) => s.id).sort()).toEqual([hidden.id, shown.id].sort());
    expect(await alice.client.send('seek:accept', { seekId: hidden.id })).toMatchObject({ ok: false, code: 'unknown-seek', message: 'the seek is gone' });
    const { seek: alices } = await alice.client.ok('seek:create', seek({ color: 'random' }));
    expect(await mallory.client.send('seek:accept', { seekId: alices.id })).toMatchObject({ ok: false, code: 'unknown-seek', message: 'the seek is gone' });

    // chat in the game they already had: closed both ways; spectators chat on
    await mallory.client.ok('chat:join', { gameId });
    expect(await mallory.client.send('chat:send', { gameId, text: 'hi' })).toMatchObject({ ok: false, code: 'chat-unavailable' });
    expect(await alice.client.send('chat:send', { gameId, text: 'hi' })).toMatchObject({ ok: false, code: 'chat-unavailable' });
    await carol.client.ok('chat:send', { gameId, text: 'nice game' });

    // unblocked: challenges go through again
    expect((await post(server, '/api/social/unblock', alice.cookie, { username: 'mallory' })).body).toEqual({ blocked: [] });
    expect((await mallory.client.ok('seek:create', challenge('alice'))).seek.opponent?.name).toBe('alice');
    await alice.client.ok('chat:send', { gameId, text: 'hi again' });
  });

  it('guests are never blocked: their seeks and pairing cost no database read', async () => {
    const server = await startServer({ database: db() });
    const alice = await account(server, 'alice');
    const guest = await Client.connect(server, { name: 'Visitor' });
    const { seek: open } = await guest.ok('seek:create', seek());
    expect((await alice.client.ok('lobby:subscribe', {})).seeks.map((s) => s.id)).toEqual([open.id]);
    await alice.client.ok('seek:accept', { seekId: open.id });
  });
});

describe.skipIf(skipWithoutRedis())('friends and blocks across nodes on Redis', () => {
  let redis: RedisHandle;
  beforeAll(async () => {
    redis = await startRedis({ appendOnly: false });
  });
  afterAll(async () => {
    await redis?.stop();
  });

  it('a friend on the other node is online; a blocked player’s seek made there never reaches the blocker', async () => {
    const node = async () => {
      const store = createRedisStore(redis.url, { prefix: 'soc:' });
      const server = await startServer({ database: db(), store, redis: { url: redis.url } });
      return { server, store };
    };
    const [a, b] = [await node(), await node()];
    try {
      const alice = await account(a.server, 'alice');
      const bob = await account(b.server, 'bob', a.server);
      const mallory = await account(b.server, 'mallory', a.server);
      await post(a.server, '/api/social/follow', alice.cookie, { username: 'bob' });
      expect((await friends(a.server, alice.cookie)).friends).toEqual([{ username: 'bob', online: true, playing: [] }]);
      await post(a.server, '/api/social/block', alice.cookie, { username: 'mallory' });
      await alice.client.ok('lobby:subscribe', {});
      await waitForAdapter(a.store.client);
      await mallory.client.ok('seek:create', seek());
      const bobsSeek = alice.client.next('lobby:seekAdded');
      const { seek: shown } = await bob.client.ok('seek:create', seek());
      expect(await bobsSeek).toMatchObject({ id: shown.id });
      expect(alice.client.events.filter((e) => e.name === 'lobby:seekAdded').map((e) => (e.payload as { id: string }).id)).toEqual([shown.id]);
    } finally {
      await a.server.app.close();
      await b.server.app.close();
      await Promise.all([a.store.close(), b.store.close()]);
    }
  });
});
