import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.js';
import { PlaybanRepo } from '../../src/fairplay/playban-repo.js';
import { ModerationRepo } from '../../src/social/moderation-repo.js';
import { SocialRepo } from '../../src/social/social-repo.js';

/** The social and fair-play repositories' SQL, on each engine (parameter types are inferred by the server). */
export function socialContract(name: string, open: () => Promise<Database>): void {
  describe(`social repositories: ${name}`, () => {
    let db: Database;
    beforeAll(async () => {
      db = await open();
    }, 120_000);
    afterAll(async () => {
      await db?.close();
    });

    it('follows and blocks: capped per account, listed by username, either way', async () => {
      const repo = new SocialRepo(db);
      await db.query("INSERT INTO accounts (player_id, username, username_key, password_hash, created_at) VALUES ('b', 'Bob', 'bob', 'h', 1)");
      expect(await repo.add('follows', 'a', 'b', 1, 5)).toBe('added');
      expect(await repo.add('follows', 'a', 'c', 1, 5)).toBe('full');
      expect(await repo.listed('follows', 'a')).toEqual([{ playerId: 'b', username: 'Bob' }]);
      expect(await repo.followers('b')).toEqual(['a']);
      expect(await repo.add('blocks', 'b', 'a', 2, 5)).toBe('added');
      expect(await repo.blockedEitherWay('a', 'b')).toBe(true);
      expect(await repo.blockedWith('a')).toEqual(['b']);
      // among many at once: only the blocks with both ends among them
      expect(await repo.blockedAmong(['a', 'b', 'c'])).toEqual([['b', 'a']]);
      expect(await repo.blockedAmong(['a', 'c'])).toEqual([]);
    });

    it('reports: counted per reporter, one open per pair; offences counted once per game, bans only grow', async () => {
      const reports = new ModerationRepo(db);
      const report = { reporterId: 'a', reportedId: 'b', reason: 'abuse', text: '', gameId: null, createdAt: 10 } as const;
      expect(await reports.add({ ...report, id: 'r1' })).toBe(true);
      expect(await reports.add({ ...report, id: 'r2' })).toBe(false);
      expect(await reports.reportsSince('a', 0)).toBe(1);
      expect(await reports.muted('b')).toBe(false);
      const bans = new PlaybanRepo(db);
      expect(await bans.record('p', 'g1', 'abandoned', 100, 0)).toBe(1);
      expect(await bans.record('p', 'g1', 'abandoned', 100, 0)).toBeNull();
      expect(await bans.record('p', 'g2', 'first-move-timeout', 200, 150)).toBe(1);
      await bans.ban('p', 1_000);
      await bans.ban('p', 500);
      expect(await bans.bannedUntil('p', 0)).toBe(1_000);
      expect(await bans.bannedUntil('p', 1_000)).toBeNull();
    });
  });
}
