import type { NotificationList } from '@progressive-chess/shared';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/src/db/database.js';
import { openDatabase } from '../../server/src/db/open-database.js';
import { call, type ClientSocket, connectClient, waitFor } from '../support/game-client.js';
import { registerToken } from '../support/api-accounts.js';
import { closeAll, skipWithoutBackends, startNode, useRedis } from './nodes.js';

async function withCookie(url: string, cookie: string): Promise<ClientSocket> {
  const socket: ClientSocket = io(url, { transports: ['websocket'], forceNew: true, reconnection: false, extraHeaders: { cookie } });
  await new Promise((resolve, reject) => {
    socket.once('session', resolve);
    socket.once('connect_error', reject);
  });
  return socket;
}

describe.skipIf(skipWithoutBackends())('notifications between two nodes', () => {
  const redis = useRedis('redis');
  let db: Database;
  beforeAll(async () => {
    db = await openDatabase({});
  }, 120_000);
  afterAll(async () => {
    await db?.close();
  });

  it("a challenge made on node A reaches the bell of its player on node B, stored once", async () => {
    const [a, b] = await Promise.all([startNode(redis().target, { database: db }), startNode(redis().target, { database: db })]);
    const guests = [await connectClient(a.url, { name: 'alice' }), await connectClient(b.url, { name: 'bob' })] as const;
    const sockets: ClientSocket[] = [];
    try {
      const aliceCookie = await registerToken(a.url, guests[0].session.token, 'alice');
      const bobCookie = await registerToken(b.url, guests[1].session.token, 'bob');
      const alice = await withCookie(a.url, aliceCookie);
      const bob = await withCookie(b.url, bobCookie);
      sockets.push(alice, bob);
      const heard = waitFor(bob, 'notify:new', () => true);
      const { seek } = await call(alice, 'seek:create', { variant: 'italian', timeControl: { kind: 'none' }, color: 'white', visibility: 'private', opponent: 'bob' });
      expect((await heard)[0].notification).toMatchObject({ kind: 'challenge', seekId: seek.id, from: 'alice' });
      await a.app.services.notifications?.triggers.settled();
      const listed = (await (await fetch(`${b.url}/api/notifications`, { headers: { cookie: bobCookie } })).json()) as NotificationList;
      expect(listed.notifications.map((n) => n.seekId)).toEqual([seek.id]);
    } finally {
      for (const s of sockets) s.disconnect();
      await closeAll(guests, [a, b]);
    }
  });

  it("a followed player's seeks on two nodes: their followers are told once an hour, counted across nodes", async () => {
    const [a, b] = await Promise.all([startNode(redis().target, { database: db }), startNode(redis().target, { database: db })]);
    const guests = [await connectClient(a.url, { name: 'fan' }), await connectClient(a.url, { name: 'star' })] as const;
    const sockets: ClientSocket[] = [];
    try {
      const fanCookie = await registerToken(a.url, guests[0].session.token, 'fan');
      const starCookie = await registerToken(a.url, guests[1].session.token, 'star');
      const fan = await withCookie(a.url, fanCookie);
      const [starOnA, starOnB] = [await withCookie(a.url, starCookie), await withCookie(b.url, starCookie)];
      sockets.push(fan, starOnA, starOnB);
      const followed = await fetch(`${b.url}/api/social/follow`, { method: 'POST', headers: { cookie: fanCookie, 'content-type': 'application/json' }, body: JSON.stringify({ username: 'star' }) });
      expect(followed.status).toBe(200);
      const told = waitFor(fan, 'notify:new', (p) => p.notification.kind === 'followed-seek');
      const seek = { variant: 'italian', timeControl: { kind: 'none' }, visibility: 'public' } as const;
      const { seek: first } = await call(starOnA, 'seek:create', { ...seek, color: 'white' });
      expect((await told)[0].notification).toMatchObject({ kind: 'followed-seek', from: 'star', seekId: first.id });
      await call(starOnB, 'seek:create', { ...seek, color: 'black' });
      await Promise.all([a, b].map((n) => n.app.services.notifications?.triggers.settled()));
      const listed = (await (await fetch(`${a.url}/api/notifications`, { headers: { cookie: fanCookie } })).json()) as NotificationList;
      expect(listed.notifications.map((n) => `${n.kind} ${n.seekId ?? ''}`)).toEqual([`followed-seek ${first.id}`]);
    } finally {
      for (const s of sockets) s.disconnect();
      await closeAll(guests, [a, b]);
    }
  });
});
