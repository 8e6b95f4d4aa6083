import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { vapidKeys } from '../../src/notify/vapid.js';
import { http, useDatabase } from '../durable-helpers.js';
import { startServer } from '../helpers.js';
import { account, settled } from './notify-helpers.js';
import { startPushService } from './push-sink.js';

const db = useDatabase();

describe('web push through a local push endpoint', () => {
  it('a challenge goes to the subscription encrypted with its keys; per-kind preferences hold it back; a gone subscription is dropped', async () => {
    const push = await startPushService();
    const server = await startServer({ database: db(), push: { subject: 'mailto:ops@example.test', agent: push.agent } });
    const alice = await account(server, 'alice');
    const bob = await account(server, 'bob');
    const { publicKey } = (await http(server, 'GET', '/api/push/key')).body as { publicKey: string };
    expect(publicKey).toMatch(/^[A-Za-z0-9_-]{80,}$/);
    expect((await http(server, 'POST', '/api/push/subscribe', push.subscription, bob.cookie)).status).toBe(201);

    const { seek } = await alice.client.ok('seek:create', { variant: 'italian', timeControl: { kind: 'none' }, color: 'white', visibility: 'private', opponent: 'bob' });
    const got = await push.next();
    expect(got.payload).toEqual({ title: 'Progressive Chess Live', body: 'alice challenges you', url: `${server.url.replace('127.0.0.1', 'localhost')}/`, kind: 'challenge' });
    expect(String(got.headers.authorization)).toMatch(/^vapid t=.+, k=/);

    // Bob wants no pushed challenges: the next one is only in his list
    expect((await http(server, 'POST', '/api/notifications/prefs', { push: ['your-turn'] }, bob.cookie)).status).toBe(200);
    await alice.client.ok('seek:cancel', { seekId: seek.id });
    await alice.client.ok('seek:create', { variant: 'scottish', timeControl: { kind: 'none' }, color: 'white', visibility: 'private', opponent: 'bob' });
    await settled(server);
    expect((await http(server, 'GET', '/api/notifications', undefined, bob.cookie)).body).toMatchObject({ unread: 2 });

    // the push service says the subscription is gone: it is deleted
    await http(server, 'POST', '/api/notifications/prefs', { push: ['challenge'] }, bob.cookie);
    push.answer(410);
    await alice.client.ok('seek:create', { variant: 'italian', timeControl: { kind: 'none' }, color: 'black', visibility: 'private', opponent: 'bob' });
    await push.next();
    await settled(server);
    expect(await server.app.services.notifications?.prefs.subscriptions(bob.client.id)).toEqual([]);
  });

  it('refuses a plain-http endpoint, and a guest', async () => {
    const server = await startServer({ database: db() });
    const bob = await account(server, 'bob');
    const push = await startPushService();
    const plain = { ...push.subscription, endpoint: push.subscription.endpoint.replace('https:', 'http:') };
    expect((await http(server, 'POST', '/api/push/subscribe', plain, bob.cookie)).body).toMatchObject({ code: 'bad-request' });
    expect((await http(server, 'POST', '/api/push/subscribe', { ...push.subscription, endpoint: 'https://push.example.test/x' })).status).toBe(401);
  });

  it('VAPID keys: configured ones, else generated once into the data folder, else once into the database', async () => {
    const configured = { publicKey: 'pub', privateKey: 'priv' };
    expect(await vapidKeys({ keys: configured })).toBe(configured);
    const dir = await mkdtemp(join(tmpdir(), 'vapid-'));
    try {
      const first = await vapidKeys({ dataDir: dir });
      expect(await vapidKeys({ dataDir: dir })).toEqual(first);
      expect(JSON.parse(await readFile(join(dir, 'vapid.json'), 'utf8'))).toEqual(first);
    } finally {
      await rm(dir, { recursive: true });
    }
    const [a, b] = await Promise.all([vapidKeys({ db: db() }), vapidKeys({ db: db() })]);
    expect(a).toEqual(b);
    expect(await vapidKeys({ db: db() })).toEqual(a);
  });
});
