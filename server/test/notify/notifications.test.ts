import type { NotificationList } from '@progressive-chess/shared';
import { describe, expect, it } from 'vitest';
import { http, useDatabase } from '../durable-helpers.js';
import { startServer } from '../helpers.js';
import { account, settled } from './notify-helpers.js';

const db = useDatabase();
const CORRESPONDENCE = { kind: 'correspondence', daysPerTurn: 3 } as const;

const list = async (server: Parameters<typeof http>[0], cookie: string): Promise<NotificationList> => {
  const r = await http(server, 'GET', '/api/notifications', undefined, cookie);
  expect(r.status).toBe(200);
  return r.body as NotificationList;
};

describe('in-app notifications (the bell)', () => {
  it('a challenge reaches the challenged account over the socket and in its list; read marks clear the count', async () => {
    const server = await startServer({ database: db() });
    const alice = await account(server, 'alice');
    const bob = await account(server, 'bob');
    const heard = bob.client.next('notify:new');
    const { seek } = await alice.client.ok('seek:create', { variant: 'italian', timeControl: CORRESPONDENCE, color: 'white', visibility: 'private', opponent: 'bob' });
    const { notification, unread } = await heard;
    expect(notification).toMatchObject({ kind: 'challenge', seekId: seek.id, from: 'alice', read: false });
    expect(unread).toBe(1);
    expect(await list(server, bob.cookie)).toEqual({ notifications: [notification], unread: 1 });
    expect((await list(server, alice.cookie)).notifications).toEqual([]);

    expect((await http(server, 'POST', '/api/notifications/read', { ids: [notification.id] }, bob.cookie)).body).toEqual({ unread: 0 });
    expect((await list(server, bob.cookie)).notifications[0]?.read).toBe(true);
    // a guest has no list
    expect((await http(server, 'GET', '/api/notifications')).status).toBe(401);
  });

  it("a correspondence turn notifies the player to move unless they are in the game's room; a game that ended while away too", async () => {
    const server = await startServer({ database: db(), lobbyBatchMs: 0 });
    const alice = await account(server, 'alice');
    const bob = await account(server, 'bob');
    const { seek } = await alice.client.ok('seek:create', { variant: 'italian', timeControl: CORRESPONDENCE, color: 'white', visibility: 'private', opponent: 'bob' });
    const aliceTurn = alice.client.next('notify:new', (p) => p.notification.kind === 'your-turn');
    const { gameId } = await bob.client.ok('seek:accept', { seekId: seek.id });
    expect((await aliceTurn).notification).toMatchObject({ kind: 'your-turn', gameId, from: 'bob' });

    // Alice plays her turn from the game page; Bob is away: he is told
    await alice.client.ok('game:join', { gameId });
    const bobTurn = bob.client.next('notify:new', (p) => p.notification.kind === 'your-turn');
    await alice.client.ok('game:move', { gameId, version: 1, move: 'e2e4' });
    expect((await bobTurn).notification).toMatchObject({ kind: 'your-turn', gameId, from: 'alice' });

    // Bob plays from the game page; Alice is there: no new notification for her
    await http(server, 'POST', '/api/notifications/read', {}, alice.cookie);
    await bob.client.ok('game:join', { gameId });
    let v = (await bob.client.ok('game:move', { gameId, version: 2, move: 'e7e5' })).version;
    v = (await bob.client.ok('game:move', { gameId, version: v, move: 'd7d6' })).version;
    await settled(server);
    expect((await list(server, alice.cookie)).unread).toBe(0);

    // Alice leaves; Bob's resignation ends the game while she is away
    await alice.client.ok('game:leave', { gameId });
    const ended = alice.client.next('notify:new', (p) => p.notification.kind === 'game-ended');
    await bob.client.ok('game:resign', { gameId });
    expect((await ended).notification).toMatchObject({ kind: 'game-ended', gameId });
    await settled(server);
    // Bob was in the room: nothing for him about the end
    expect((await list(server, bob.cookie)).notifications.map((n) => n.kind)).toEqual(['your-turn', 'challenge']);
    expect(v).toBeGreaterThan(2);

    // a rematch offer reaches the other player, away from the game
    const offer = alice.client.next('notify:new', (p) => p.notification.kind === 'rematch-offer');
    await bob.client.ok('game:rematchOffer', { gameId });
    expect((await offer).notification).toMatchObject({ kind: 'rematch-offer', gameId, from: 'bob' });
  });

  it('a second notification about the same thing renews the first; a recipient past their limit gets no more', async () => {
    const server = await startServer({ database: db() });
    const alice = await account(server, 'alice');
    const triggers = server.app.services.notifications?.triggers;
    if (!triggers) throw new Error('no notifications');
    for (let i = 0; i < 3; i++) triggers.notify({ playerId: alice.client.id, kind: 'your-turn', subject: 'g1', data: { gameId: 'g1' } });
    await settled(server);
    expect((await list(server, alice.cookie)).notifications).toHaveLength(1);
    for (let i = 0; i < 40; i++) triggers.notify({ playerId: alice.client.id, kind: 'challenge', subject: `s${i}`, data: { seekId: `s${i}` } });
    await settled(server);
    // NOTIFY_LIMIT: 30 per window, 3 spent above
    expect((await list(server, alice.cookie)).unread).toBe(28);
  });
});
