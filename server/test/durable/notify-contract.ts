import { DEFAULT_NOTIFICATION_PREFS, NOTIFICATIONS_PER_ACCOUNT } from '@progressive-chess/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AccountsRepo } from '../../src/db/accounts-repo.js';
import type { Database } from '../../src/db/database.js';
import { MailRepo } from '../../src/mail/mail-repo.js';
import { NotificationsRepo } from '../../src/notify/notifications-repo.js';
import { PushPrefsRepo } from '../../src/notify/push-prefs-repo.js';
import { vapidKeys } from '../../src/notify/vapid.js';
import { TABLES } from '../durable-helpers.js';

/** The notification and mail repositories' SQL, run against PGlite and a real PostgreSQL. */
export function notifyContract(name: string, open: () => Promise<Database>): void {
  describe(`notification and mail repositories: ${name}`, () => {
    let db: Database;
    let repo: NotificationsRepo;
    let mail: MailRepo;
    beforeAll(async () => {
      db = await open();
      repo = new NotificationsRepo(db);
      mail = new MailRepo(db);
    }, 120_000);
    afterAll(async () => {
      await db?.close();
    });
    beforeEach(async () => {
      await db.exec(`TRUNCATE ${TABLES}`);
      await new AccountsRepo(db).create({ playerId: 'p1', username: 'alice', passwordHash: 'h', createdAt: 1 });
    });

    it('notifications: a guest gets none, one per subject, read marks, expiry and the cap', async () => {
      expect(await repo.isAccount('guest')).toBe(false);
      expect(await repo.add({ playerId: 'guest', kind: 'challenge', subject: 's', data: {} }, 'x', 10, 100)).toBeNull();
      const first = await repo.add({ playerId: 'p1', kind: 'your-turn', subject: 'g1', data: { gameId: 'g1' } }, 'n1', 10, 100);
      expect(first).toEqual({ id: 'n1', kind: 'your-turn', at: 10, read: false, gameId: 'g1' });
      await repo.markRead('p1', ['n1'], 11);
      expect(await repo.unread('p1', 12)).toBe(0);
      // the same subject again: renewed and unread, not a second row
      expect(await repo.add({ playerId: 'p1', kind: 'your-turn', subject: 'g1', data: { gameId: 'g1', from: 'bob' } }, 'n2', 20, 100)).toMatchObject({ id: 'n1', at: 20, read: false, from: 'bob' });
      expect(await repo.list('p1', 21)).toHaveLength(1);
      expect(await repo.list('p1', 120)).toEqual([]); // expired
      for (let i = 0; i < NOTIFICATIONS_PER_ACCOUNT + 5; i++) await repo.add({ playerId: 'p1', kind: 'challenge', subject: `s${i}`, data: {} }, `c${i}`, 200 + i, 1000);
      const listed = await repo.list('p1', 300);
      expect(listed).toHaveLength(NOTIFICATIONS_PER_ACCOUNT);
      expect(listed[0]?.id).toBe(`c${NOTIFICATIONS_PER_ACCOUNT + 4}`);
      await repo.markRead('p1', undefined, 301);
      expect(await repo.unread('p1', 302)).toBe(0);
    });

    it('mail: a verified address belongs to one account; single-use tokens; one digest a day', async () => {
      await new AccountsRepo(db).create({ playerId: 'p2', username: 'bob', passwordHash: 'h', createdAt: 1 });
      await mail.setEmail('p1', 'Same@example.test');
      await mail.setEmail('p2', 'same@example.test');
      expect(await mail.markVerified('p1', 'Same@example.test', 5)).toBe(true);
      expect(await mail.markVerified('p2', 'same@example.test', 6)).toBe(false);
      expect((await mail.byVerifiedEmail('SAME@example.test'))?.playerId).toBe('p1');
      await mail.addToken('h1', 'p1', 'reset', 'same@example.test', 100, 1);
      expect(await mail.takeToken('h1', 'verify', 2)).toBeNull();
      expect(await Promise.all([mail.takeToken('h1', 'reset', 2), mail.takeToken('h1', 'reset', 2)])).toContainEqual(null);
      expect(await mail.claimDigest('p1', '2026-11-27')).toBe(true);
      expect(await mail.claimDigest('p1', '2026-11-27')).toBe(false);
      expect((await mail.digestRecipients()).map((r) => r.playerId)).toEqual(['p1']);
      await mail.setPassword('p1', 'new-hash');
      expect((await new AccountsRepo(db).byPlayerId('p1'))?.passwordHash).toBe('new-hash');
    });

    it('push: subscriptions per account (own ones deleted only), prefs, VAPID keys once', async () => {
      const push = new PushPrefsRepo(db);
      await push.subscribe('p1', { endpoint: 'https://push.example.test/1', keys: { p256dh: 'k', auth: 'a' } }, 1);
      await push.unsubscribe('https://push.example.test/1', 'p2');
      expect(await push.subscriptions('p1')).toHaveLength(1);
      await push.setPrefs('p1', { push: ['challenge', 'challenge'] });
      // the channel set (once each); the others keep their defaults until set
      expect(await push.prefs('p1')).toEqual({ ...DEFAULT_NOTIFICATION_PREFS, push: ['challenge'] });
      await push.setPrefs('p1', { email: [] });
      expect(await push.prefs('p1')).toEqual({ ...DEFAULT_NOTIFICATION_PREFS, push: ['challenge'], email: [] });
      const [a, b] = await Promise.all([vapidKeys({ db }), vapidKeys({ db })]);
      expect(a).toEqual(b);
    });
  });
}
