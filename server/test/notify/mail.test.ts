import { describe, expect, it } from 'vitest';
import { smtpMailer } from '../../src/mail/mailer.js';
import { http, useDatabase } from '../durable-helpers.js';
import { manualClock, startServer } from '../helpers.js';
import { account } from './notify-helpers.js';
import { linkIn, startSmtpSink } from '../../../test/support/smtp-sink.js';

const db = useDatabase();

async function withMail() {
  const smtp = await startSmtpSink();
  const clock = manualClock();
  const server = await startServer({ database: db(), mailer: smtpMailer(smtp.url, 'Progressive Chess <noreply@example.test>'), digestEveryMs: 0, now: clock.now });
  return { smtp, clock, server };
}

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
