import { DEFAULT_NOTIFICATION_PREFS, NOTIFICATION_KINDS, type NotificationList, type NotificationPrefs } from '@progressive-chess/shared';
import { describe, expect, it } from 'vitest';
import { linkIn, startSmtpSink } from '../../../test/support/smtp-sink.js';
import { smtpMailer } from '../../src/mail/mailer.js';
import { NOTICE_EMAIL_DELAY_MS } from '../../src/notify/notifier.js';
import { http, useDatabase } from '../durable-helpers.js';
import { manualClock, startServer, type TestServer } from '../helpers.js';
import { account, settled } from './notify-helpers.js';

const db = useDatabase();
const CORRESPONDENCE = { kind: 'correspondence', daysPerTurn: 3 } as const;

const list = async (server: TestServer, cookie: string): Promise<NotificationList> => (await http(server, 'GET', '/api/notifications', undefined, cookie)).body as NotificationList;

async function withMail() {
  const smtp = await startSmtpSink();
  const clock = manualClock();
  const server = await startServer({
    database: db(),
    mailer: smtpMailer(smtp.url, 'Progressive Chess <noreply@example.test>'),
    digestEveryMs: 0,
    noticesEveryMs: 0,
    now: clock.now,
  });
  const mail = server.app.services.mail;
  if (!mail) throw new Error('no mail');
  return { smtp, clock, server, mail };
}

describe('per-kind channels: bell, push, e-mail', () => {
  it('are read and set per channel over HTTP (the others kept); a kind off the bell is stored read and not announced', async () => {
    const server = await startServer({ database: db() });
    const alice = await account(server, 'alice');
    const bob = await account(server, 'bob');
    expect((await http(server, 'GET', '/api/notifications/prefs', undefined, bob.cookie)).body).toEqual(DEFAULT_NOTIFICATION_PREFS);
    const bell = NOTIFICATION_KINDS.filter((k) => k !== 'challenge');
    const set = await http(server, 'POST', '/api/notifications/prefs', { bell }, bob.cookie);
    expect(set.body).toEqual({ ...DEFAULT_NOTIFICATION_PREFS, bell } satisfies NotificationPrefs);
    expect((await http(server, 'POST', '/api/notifications/prefs', { email: ['nonsense'] }, bob.cookie)).status).toBe(400);
    expect((await http(server, 'GET', '/api/notifications/prefs')).status).toBe(401);

    await alice.client.ok('seek:create', { variant: 'italian', timeControl: CORRESPONDENCE, color: 'white', visibility: 'private', opponent: 'bob' });
    await settled(server);
    expect(bob.client.events.filter((e) => e.name === 'notify:new')).toEqual([]);
    expect(await list(server, bob.cookie)).toMatchObject({ notifications: [{ kind: 'challenge', read: true }], unread: 0 });

    // no channel at all: nothing stored
    await http(server, 'POST', '/api/notifications/prefs', { push: [] }, bob.cookie);
    await alice.client.ok('seek:create', { variant: 'scottish', timeControl: CORRESPONDENCE, color: 'white', visibility: 'private', opponent: 'bob' });
    await settled(server);
    expect((await list(server, bob.cookie)).notifications).toHaveLength(1);
  });

  it("mails a kind wanted by e-mail once, when still unread after its delay, with one-click unsubscribe; read before, it is never mailed", async () => {
    const { smtp, clock, server, mail } = await withMail();
    const alice = await account(server, 'alice');
    const bob = await account(server, 'bob');
    await http(server, 'POST', '/api/account/email', { email: 'bob@example.test' }, bob.cookie);
    await http(server, 'GET', linkIn(await smtp.next(), '/api/account/email/verify?token='));

    // Bob accepts Alice's correspondence challenge and is white: his turn (by e-mail by default)
    const { seek } = await alice.client.ok('seek:create', { variant: 'italian', timeControl: CORRESPONDENCE, color: 'black', visibility: 'private', opponent: 'bob' });
    const turn = bob.client.next('notify:new', (p) => p.notification.kind === 'your-turn');
    const { gameId } = await bob.client.ok('seek:accept', { seekId: seek.id });
    await turn;
    await settled(server);
    expect(await mail.notices()).toBe(0); // not yet due
    clock.advance(NOTICE_EMAIL_DELAY_MS);
    // two nodes' rounds at once: one mail
    expect((await Promise.all([mail.notices(), mail.notices()])).reduce((a, b) => a + b)).toBe(1);
    const sent = await smtp.next();
    expect(sent.to.map((a) => a.toLowerCase())).toEqual(['bob@example.test']);
    expect(sent.headers.get('subject')).toBe('Your move against alice');
    expect(sent.text).toContain(`/game/${gameId}`);
    expect(sent.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(await mail.notices()).toBe(0);

    // a challenge, wanted by e-mail now, read in the bell before its delay: never mailed
    await http(server, 'POST', '/api/notifications/prefs', { email: ['your-turn', 'challenge'] }, bob.cookie);
    const challenged = bob.client.next('notify:new', (p) => p.notification.kind === 'challenge');
    await alice.client.ok('seek:create', { variant: 'scottish', timeControl: CORRESPONDENCE, color: 'white', visibility: 'private', opponent: 'bob' });
    const { notification } = await challenged;
    await http(server, 'POST', '/api/notifications/read', { ids: [notification.id] }, bob.cookie);
    clock.advance(NOTICE_EMAIL_DELAY_MS);
    expect(await mail.notices()).toBe(0);

    // the unsubscribe link turns every mail off: the digest and each kind
    const unsubscribe = /<https?:\/\/[^/]+([^>]+)>/.exec(sent.headers.get('list-unsubscribe') ?? '')?.[1] ?? '';
    const post = await fetch(`${server.url}${unsubscribe}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(post.status).toBe(200);
    expect((await http(server, 'GET', '/api/notifications/prefs', undefined, bob.cookie)).body).toMatchObject({ email: [] });
    expect((await http(server, 'GET', '/api/account/email', undefined, bob.cookie)).body).toMatchObject({ digest: false });
  });
});
