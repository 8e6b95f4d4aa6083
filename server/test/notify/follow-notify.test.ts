import type { NotificationList } from '@progressive-chess/shared';
import { describe, expect, it } from 'vitest';
import { http, useDatabase } from '../durable-helpers.js';
import { startServer, type TestServer } from '../helpers.js';
import { seek } from '../seek-payload.js';
import { account, settled } from './notify-helpers.js';

const db = useDatabase();

const kinds = async (server: TestServer, cookie: string): Promise<string[]> =>
  ((await http(server, 'GET', '/api/notifications', undefined, cookie)).body as NotificationList).notifications.map((n) => `${n.kind}:${n.from ?? ''}`);

describe('follows notify', () => {
  it('a new follower is told to the followed player; a followed player seeking or starting a public game, once an hour, to the followers', async () => {
    const server = await startServer({ database: db() });
    const alice = await account(server, 'alice');
    const bob = await account(server, 'bob');
    const carol = await account(server, 'carol');
    const followed = bob.client.next('notify:new');
    expect((await http(server, 'POST', '/api/social/follow', { username: 'bob' }, alice.cookie)).status).toBe(200);
    expect((await followed).notification).toMatchObject({ kind: 'followed', from: 'alice' });
    // following again changes nothing: no second notification
    await http(server, 'POST', '/api/social/follow', { username: 'bob' }, alice.cookie);
    await http(server, 'POST', '/api/social/follow', { username: 'carol' }, alice.cookie);

    const seeking = alice.client.next('notify:new', (p) => p.notification.kind === 'followed-seek');
    const { seek: open } = await bob.client.ok('seek:create', seek());
    expect((await seeking).notification).toMatchObject({ kind: 'followed-seek', from: 'bob', seekId: open.id });
    // Carol (followed too) accepts: a public game starts, told to Carol's followers; Bob's were told this hour already
    const playing = alice.client.next('notify:new', (p) => p.notification.kind === 'followed-game');
    const { gameId } = await carol.client.ok('seek:accept', { seekId: open.id });
    expect((await playing).notification).toMatchObject({ kind: 'followed-game', from: 'carol', gameId });
    await bob.client.ok('seek:create', seek({ color: 'black' }));
    await settled(server);
    expect(await kinds(server, alice.cookie)).toEqual(['followed-game:carol', 'followed-seek:bob']);
    expect(await kinds(server, bob.cookie)).toEqual(['followed:alice']);
  });
});
