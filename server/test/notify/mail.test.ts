import type { TournamentCreate } from '@progressive-chess/shared';
import { describe, expect, it } from 'vitest';
import { utcMinute } from '../../src/mail/digest-text.js';
import { smtpMailer } from '../../src/mail/mailer.js';
import { createMemoryStore } from '../../src/store/memory-store.js';
import { http, useDatabase } from '../durable-helpers.js';
import { manualClock, startServer, type TestServer } from '../helpers.js';
import { arenaInput, MINUTE } from '../tournament/tournament-helpers.js';
import { account } from './notify-helpers.js';
import { linkIn, startSmtpSink, type ReceivedMail, type SmtpSink } from '../../../test/support/smtp-sink.js';

const db = useDatabase();
const DAY = 24 * 3600_000;

async function withMail() {
  const smtp = await startSmtpSink();
  const clock = manualClock();
  const store = createMemoryStore();
  // a node of the same cluster: the same database, store, clock and SMTP server
  const node = () =>
    startServer({
      database: db(),
      store,
      mailer: smtpMailer(smtp.url, 'Progressive Chess <noreply@example.test>'),
      digestEveryMs: 0,
      noticesEveryMs: 0,
      now: clock.now,
      tournaments: { tickMs: 0 },
    });
  const server = await node();
  return { smtp, clock, server, node };
}

/** A signed-in account with a verified address. */
async function verifiedAccount(server: TestServer, smtp: SmtpSink, username: string) {
  const a = await account(server, username);
  await http(server, 'POST', '/api/account/email', { email: `${username}@example.test` }, a.cookie);
  await http(server, 'GET', linkIn(await smtp.next(), '/api/account/email/verify?token='));
  return { ...a, id: a.client.id, caller: { playerId: a.client.id, name: username, guest: false } };
}

const unsubscribeOf = (m: ReceivedMail): string => /<https?:\/\/[^/]+([^>]+)>/.exec(m.headers.get('list-unsubscribe') ?? '')?.[1] ?? '';

describe('e-mail through a local SMTP server', () => {
  it('verifies an address, then resets a lost password by a single-use link that ends every session', async () => {
    const { smtp, clock, server } = await withMail();
    const alice = await account(server, 'alice');
    expect((await http(server, 'POST', '/api/account/email', { email: 'Alice@Example.test' }, alice.cookie)).body).toEqual({
      email: 'Alice@Example.test',
      verified: false,
      digest: true,
    });
    const verifyMail = await smtp.next();
    expect(verifyMail.to.map((a) => a.toLowerCase())).toEqual(['alice@example.test']);
    const verify = await fetch(`${server.url}${linkIn(verifyMail, '/api/account/email/verify?token=')}`, { redirect: 'manual' });
    expect([verify.status, verify.headers.get('location')]).toEqual([303, '/?email=verified']);
    expect((await http(server, 'GET', '/api/account/email', undefined, alice.cookie)).body).toMatchObject({ verified: true });

    // an unknown name and an unknown address get the same answer as a known one, and no mail
    for (const body of [{ username: 'nobody' }, { email: 'nobody@example.test' }, { email: 'alice@example.test' }]) {
      const r = await http(server, 'POST', '/api/account/password-reset', body);
      expect([r.status, r.body]).toEqual([202, {}]);
    }
    const resetMail = await smtp.next();
    expect(resetMail.to.map((a) => a.toLowerCase())).toEqual(['alice@example.test']); // the first mail after the two unknown ones is Alice's
    const token = new URLSearchParams(linkIn(resetMail, '/reset-password?token=').split('?')[1]).get('token') ?? '';

    // an expired link is refused; so is a used one
    const again = await http(server, 'POST', '/api/account/password-reset', { username: 'alice' });
    expect(again.status).toBe(202);
    const second = new URLSearchParams(linkIn(await smtp.next(), '/reset-password?token=').split('?')[1]).get('token') ?? '';
    clock.advance(61 * 60_000);
    expect((await http(server, 'POST', '/api/account/password-reset/confirm', { token: second, password: 'new password!' })).status).toBe(401);
    clock.advance(-61 * 60_000);
    expect((await http(server, 'POST', '/api/account/password-reset/confirm', { token, password: 'new password!' })).status).toBe(200);
    expect((await http(server, 'POST', '/api/account/password-reset/confirm', { token, password: 'other password' })).body).toMatchObject({ code: 'bad-token' });
    expect((await http(server, 'GET', '/api/account', undefined, alice.cookie)).body).toEqual({ account: null });
    expect((await http(server, 'POST', '/api/account/login', { username: 'alice', password: 'long password' })).status).toBe(401);
    expect((await http(server, 'POST', '/api/account/login', { username: 'alice', password: 'new password!' })).status).toBe(200);
  });

  it('mails the daily digest of correspondence games waiting, once a day, with one-click unsubscribe (RFC 8058)', async () => {
    const { smtp, clock, server } = await withMail();
    const alice = await account(server, 'alice');
    const bob = await account(server, 'bob');
    await http(server, 'POST', '/api/account/email', { email: 'alice@example.test' }, alice.cookie);
    await http(server, 'GET', linkIn(await smtp.next(), '/api/account/email/verify?token='));
    const { seek } = await bob.client.ok('seek:create', {
      variant: 'italian',
      timeControl: { kind: 'correspondence', daysPerTurn: 3 },
      color: 'black',
      visibility: 'private',
      opponent: 'alice',
    });
    const { gameId } = await alice.client.ok('seek:accept', { seekId: seek.id });

    const mail = server.app.services.mail;
    if (!mail) throw new Error('no mail');
    expect(await mail.digest()).toBe(1);
    const digest = await smtp.next();
    expect(digest.text).toContain(`/game/${gameId}`);
    expect(digest.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const unsubscribe = /<https?:\/\/[^/]+([^>]+)>/.exec(digest.headers.get('list-unsubscribe') ?? '')?.[1] ?? '';
    expect(unsubscribe).toContain('/api/mail/unsubscribe?token=');
    expect(await mail.digest()).toBe(0); // once a day
    clock.advance(24 * 3600_000);
    // two nodes' rounds at once: one mail (the (account, day) row goes to one of them)
    expect((await Promise.all([mail.digest(), mail.digest()])).reduce((a, b) => a + b)).toBe(1);
    await smtp.next();
    clock.advance(24 * 3600_000);
    // a GET (a person's click, or a mail scanner) shows a button and changes nothing; the one-click POST unsubscribes
    expect((await http(server, 'GET', unsubscribe)).status).toBe(200);
    expect((await http(server, 'GET', '/api/account/email', undefined, alice.cookie)).body).toMatchObject({ digest: true });
    const post = await fetch(`${server.url}${unsubscribe}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(post.status).toBe(200);
    expect((await http(server, 'GET', '/api/account/email', undefined, alice.cookie)).body).toMatchObject({ digest: false });
    expect(await mail.digest()).toBe(0);
  });

  it('lists the upcoming and running tournaments a player joined, with their pages; sends a digest of tournaments only, never an empty one', async () => {
    const { smtp, clock, server, node } = await withMail();
    const t = server.app.services.tournaments;
    const mail = server.app.services.mail;
    if (!t || !mail) throw new Error('no tournaments or mail');
    const alice = await verifiedAccount(server, smtp, 'alice');
    const bob = await verifiedAccount(server, smtp, 'bob');
    await verifiedAccount(server, smtp, 'carol'); // in nothing, no game: no digest
    const t0 = clock.now();
    const arena = (name: string, startsAt: number): TournamentCreate => arenaInput(startsAt, { name });
    const create = (by: string, input: TournamentCreate) => t.service.create({ playerId: by, name: by }, input);
    const done = await create('op1', arena('Morning Arena', t0 + 5 * MINUTE));
    const swiss = await create('op1', {
      name: 'Winter Swiss',
      kind: 'swiss',
      variant: 'italian',
      timeControl: { kind: 'correspondence', daysPerTurn: 3 },
      startsAt: t0 + 10 * MINUTE,
      rounds: 3,
      roundDays: 7,
      rated: false,
      allowBots: false,
    });
    const upcoming = await create('op1', arena('Evening Arena', t0 + 5 * 60 * MINUTE));
    const left = await create('op2', arena('Night Arena', t0 + 8 * 60 * MINUTE));
    for (const id of [done.id, swiss.id, upcoming.id, left.id]) await t.service.join(alice.caller, id);
    await t.service.join(bob.caller, upcoming.id);
    for (const n of [2, 3]) await t.service.join({ playerId: `p${n}`, name: `Player${n}`, guest: false }, swiss.id);
    await t.service.withdraw(alice.id, left.id);
    for (const at of [5, 10, 26]) {
      clock.set(t0 + at * MINUTE);
      await t.tick();
    }
    const status = async (id: string) => (await t.service.view(id)).summary.status;
    expect([await status(done.id), await status(swiss.id), await status(upcoming.id), await status(left.id)]).toEqual(['finished', 'running', 'upcoming', 'upcoming']);

    expect(await mail.digest()).toBe(2);
    const mails = new Map<string, ReceivedMail>();
    for (const m of [await smtp.next(), await smtp.next()]) mails.set(m.to[0] ?? '', m);
    const a = mails.get('alice@example.test');
    const b = mails.get('bob@example.test');
    if (!a || !b) throw new Error(`mails to ${[...mails.keys()].join(', ')}`);
    // the running Swiss, then the upcoming arena (soonest first), each with its page; not the finished one, nor the one left
    expect(a.text).toContain(`- Winter Swiss (Swiss, Italian progressive), running: http://`);
    expect(a.text).toContain(`- Evening Arena (arena, Scottish progressive), starts ${utcMinute(t0 + 5 * 60 * MINUTE)}: http://`);
    expect(linkIn(a, `/tournament/${swiss.id}`)).toBe(`/tournament/${swiss.id}`);
    expect(linkIn(a, `/tournament/${upcoming.id}`)).toBe(`/tournament/${upcoming.id}`);
    expect(a.text.indexOf('- Winter Swiss')).toBeLessThan(a.text.indexOf('- Evening Arena'));
    expect(a.text).not.toContain(done.id);
    expect(a.text).not.toContain(left.id);
    expect(a.text).not.toContain('Morning Arena');
    expect(a.text).not.toContain('Night Arena');
    // a digest of tournaments only: sent, with its own subject and the unsubscribe link
    expect(b.headers.get('subject')).toBe('1 tournament you joined');
    expect(b.text).not.toContain('Your move in');
    expect(b.text).toContain(`Evening Arena (arena, Scottish progressive), starts ${utcMinute(t0 + 5 * 60 * MINUTE)}`);
    expect(b.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(unsubscribeOf(b)).toContain('/api/mail/unsubscribe?token=');

    expect(await mail.digest()).toBe(0); // once a day
    // the next day, two nodes' rounds at once: one mail each to alice and bob (carol's empty digest: none)
    clock.advance(DAY);
    const other = (await node()).app.services.mail;
    if (!other) throw new Error('no mail');
    expect((await Promise.all([mail.digest(), other.digest()])).reduce((x, y) => x + y)).toBe(2);
    expect((await Promise.all([smtp.next(), smtp.next()])).map((m) => m.to[0]).sort()).toEqual(['alice@example.test', 'bob@example.test']);
    // bob's one-click unsubscribe stops his digest
    const post = await fetch(`${server.url}${unsubscribeOf(b)}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(post.status).toBe(200);
    clock.advance(DAY);
    expect(await mail.digest()).toBe(1);
    expect((await smtp.next()).to).toEqual(['alice@example.test']);
  });

  it('password reset requests are limited per address', async () => {
    const { server } = await withMail();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await http(server, 'POST', '/api/account/password-reset', { username: `nobody${i}` })).status);
    expect(statuses).toEqual([...Array<number>(10).fill(202), 429]);
  });

  it('without SMTP nothing is sent and asking for a mail says so', async () => {
    const server = await startServer({ database: db() });
    const alice = await account(server, 'alice');
    const r = await http(server, 'POST', '/api/account/email', { email: 'a@example.test' }, alice.cookie);
    expect([r.status, r.body]).toMatchObject([503, { code: 'no-mail' }]);
    expect(await server.app.services.mail?.digest()).toBe(0);
  });
});
