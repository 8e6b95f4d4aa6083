import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AccountsRepo, fillUsernameSkeletons, SESSIONS_PER_ACCOUNT } from '../../src/db/accounts-repo.js';
import { ArchiveRepo, type ArchiveEntry } from '../../src/db/archive-repo.js';
import type { Database } from '../../src/db/database.js';
import { migrate, MIGRATIONS } from '../../src/db/migrations.js';
import { RatingsRepo } from '../../src/db/ratings-repo.js';
import { TokensRepo } from '../../src/db/tokens-repo.js';
import { TABLES } from '../durable-helpers.js';


const entry = (id: string, over: Partial<ArchiveEntry> = {}): ArchiveEntry => ({
  id,
  variant: 'scottish',
  rated: true,
  white: { id: 'pw', name: 'Alice' },
  black: { id: 'pb', name: 'Bob' },
  result: '1-0',
  reason: 'checkmate',
  turns: 5,
  createdAt: 1000,
  endedAt: 2000,
  version: 9,
  doc: JSON.stringify({ id }),
  moves: ['m1', 'm2'],
  ...over,
});

/** One contract for the durable repositories, run against PGlite and a real PostgreSQL. */
export function durableContract(name: string, open: () => Promise<Database>): void {
  describe(`durable repositories: ${name}`, () => {
    let db: Database;
    let accounts: AccountsRepo;
    let archive: ArchiveRepo;
    let ratings: RatingsRepo;
    beforeAll(async () => {
      db = await open();
      accounts = new AccountsRepo(db);
      archive = new ArchiveRepo(db);
      ratings = new RatingsRepo(db);
    }, 120_000); // PGlite takes seconds to start, more on a loaded machine
    afterAll(async () => {
      await db?.close();
    });
    beforeEach(async () => {
      await db.exec(`TRUNCATE ${TABLES}`);
    });
    const account = (playerId: string, username: string) =>
      accounts.create({ playerId, username, passwordHash: 'h', createdAt: 1 });

    it('migrations are versioned: a second run applies nothing', async () => {
      expect(await migrate(db)).toEqual([]);
      const r = await db.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
      expect(r.rows.map((x) => x.version)).toEqual(MIGRATIONS.map((m) => m.version));
    });

    describe('accounts', () => {
      it('usernames are unique without regard to case; one account per player', async () => {
        expect(await account('p1', 'Alice')).toBe('created');
        expect(await account('p2', 'ALICE')).toBe('username-taken');
        expect(await account('p1', 'Other')).toBe('already-registered');
        expect((await accounts.byUsername('aLiCe'))?.playerId).toBe('p1');
        expect((await accounts.byPlayerId('p1'))?.username).toBe('Alice');
        expect(await accounts.byUsername('nobody')).toBeNull();
      });

      it('of two racing registrations of one name exactly one wins', async () => {
        const results = await Promise.all([account('p1', 'Racer'), account('p2', 'racer'), account('p3', 'RACER')]);
        expect(results.filter((r) => r === 'created')).toHaveLength(1);
      });

      it('sessions resolve to their account, are revoked one by one or all at once', async () => {
        await account('p1', 'Alice');
        await accounts.createSession('s1', 'p1', 1);
        await accounts.createSession('s2', 'p1', 2);
        expect((await accounts.bySession('s1'))?.username).toBe('Alice');
        await accounts.deleteSession('s1');
        expect(await accounts.bySession('s1')).toBeNull();
        expect((await accounts.bySession('s2'))?.playerId).toBe('p1');
        // a session created before `since` has expired
        expect((await accounts.bySession('s2', 2))?.playerId).toBe('p1');
        expect(await accounts.bySession('s2', 3)).toBeNull();
        await accounts.createSession('s3', 'p1', 3);
        expect(await accounts.deleteSessions('p1')).toBe(2);
        expect(await accounts.bySession('s3')).toBeNull();
      });

      it('an account keeps its newest sessions up to the cap: a login beyond ends the oldest', async () => {
        await account('p1', 'Alice');
        await account('p2', 'Bob');
        await accounts.createSession('bob', 'p2', 0);
        const extra = 3;
        for (let i = 1; i <= SESSIONS_PER_ACCOUNT + extra; i++) await accounts.createSession(`s${i}`, 'p1', i);
        for (let i = 1; i <= extra; i++) expect(await accounts.bySession(`s${i}`)).toBeNull();
        for (const i of [extra + 1, SESSIONS_PER_ACCOUNT + extra]) expect((await accounts.bySession(`s${i}`))?.playerId).toBe('p1');
        expect(await accounts.deleteSessions('p1')).toBe(SESSIONS_PER_ACCOUNT);
        // another account's session is not counted
        expect((await accounts.bySession('bob'))?.playerId).toBe('p2');
      });

      it('finds the accounts whose username looks like a name (its skeleton), other than a given player\'s', async () => {
        await account('p1', 'victim1');
        await account('p2', 'Alice');
        const like = async (name: string, except: string | null = null) => (await accounts.lookingLike(name, except)).map((a) => a.username);
        for (const name of ['victirn1', 'victiml', 'VICTIMI', 'v\u0456ctim1']) expect(await like(name), name).toEqual(['victim1']);
        expect(await like('victim2')).toEqual([]);
        expect(await like('victirn1', 'p1')).toEqual([]);
        // accounts registered before the skeleton column get theirs from migration 5's fill
        await db.query("INSERT INTO accounts (player_id, username, username_key, password_hash, created_at) VALUES ('p3', 'Old1', 'old1', 'h', 1)");
        expect(await like('0ld1')).toEqual([]);
        await fillUsernameSkeletons(db);
        expect(await like('0ld1')).toEqual(['Old1']);
        expect(await like('Alice')).toEqual(['Alice']);
      });
    });

    describe('API tokens and bot accounts', () => {
      it('caps the tokens per account, finds one by its hash with its owner and scopes, revokes only its owner\'s', async () => {
        const tokens = new TokensRepo(db);
        await account('p1', 'Alice');
        await account('p2', 'Bob');
        const make = (id: string, playerId = 'p1') =>
          tokens.create({ id, playerId, hash: `h-${id}`, description: id, scopes: ['bot:play', 'challenge:write'], createdAt: 5 }, 2);
        expect([await make('t1'), await make('t2'), await make('t3')]).toEqual([true, true, false]);
        expect(await make('t4', 'p2')).toBe(true);
        expect(await tokens.byHash('h-t1')).toEqual({ tokenId: 't1', playerId: 'p1', username: 'Alice', scopes: ['bot:play', 'challenge:write'], bot: false });
        expect(await tokens.byHash('h-nope')).toBeNull();
        await tokens.touch('t1', 99);
        expect((await tokens.list('p1')).map((t) => [t.id, t.lastUsedAt])).toEqual([['t1', 99], ['t2', null]]);
        expect(await tokens.revoke('p2', 't1')).toBe(false);
        expect(await tokens.revoke('p1', 't1')).toBe(true);
        expect(await tokens.byHash('h-t1')).toBeNull();
      });

      it('bots: made once, listed, told apart; who has played is read from the archive', async () => {
        const tokens = new TokensRepo(db);
        await account('pw', 'Alice');
        await account('pb', 'Bob');
        expect(await tokens.hasPlayed('pw')).toBe(false);
        await archive.archive(entry('g1'), 5000);
        expect(await tokens.hasPlayed('pw')).toBe(true);
        await tokens.makeBot('pb', 7);
        await tokens.makeBot('pb', 8);
        expect(await tokens.isBot('pb')).toBe(true);
        expect(await tokens.isBot('pw')).toBe(false);
        expect(await tokens.botsAmong(['pw', 'pb', 'zz'])).toEqual(new Set(['pb']));
        expect(await tokens.botNames(10)).toEqual(['Bob']);
      });
    });
    describe('archive and ratings', () => {
      beforeEach(async () => {
        await account('pw', 'Alice');
        await account('pb', 'Bob');
      });

      it('archives a game once, rates it once, and answers a second write with the same changes', async () => {
        const first = await archive.archive(entry('g1'), 5000);
        expect(first.inserted).toBe(true);
        expect(first.ratings?.white.before).toBe(1500);
        expect(first.ratings?.white.after).toBeGreaterThan(1500);
        expect(first.ratings?.black.after).toBeLessThan(1500);
        expect(first.ratings?.white.provisional).toBe(true);
        const again = await archive.archive(entry('g1', { doc: 'changed' }), 6000);
        expect(again).toEqual({ inserted: false, ratings: first.ratings });
        expect((await archive.get('g1'))?.doc).toBe(JSON.stringify({ id: 'g1' }));
        const mine = await ratings.of('pw');
        expect(mine).toEqual([expect.objectContaining({ variant: 'scottish', games: 1, rating: first.ratings?.white.after })]);
      });

      it('concurrent archivers of one game: one insert, one rating change', async () => {
        const all = await Promise.all([1, 2, 3, 4].map(() => archive.archive(entry('g1'), 5000)));
        expect(all.filter((r) => r.inserted)).toHaveLength(1);
        expect(new Set(all.map((r) => JSON.stringify(r.ratings))).size).toBe(1);
        expect((await ratings.of('pw'))[0]?.games).toBe(1);
        const h = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM rating_history');
        expect(h.rows[0]?.n).toBe(2);
      });

      it('concurrent games of one player are both counted (row locks serialise them)', async () => {
        await account('pc', 'Carol');
        await Promise.all([
          archive.archive(entry('g1'), 5000),
          archive.archive(entry('g2', { black: { id: 'pc', name: 'Carol' } }), 5000),
        ]);
        expect((await ratings.of('pw'))[0]?.games).toBe(2);
      });

      it('unrated, aborted, and games with a player without an account change no rating', async () => {
        expect((await archive.archive(entry('g1', { rated: false }), 1)).ratings).toBeNull();
        expect((await archive.archive(entry('g2', { result: null, reason: 'aborted' }), 1)).ratings).toBeNull();
        expect((await archive.archive(entry('g3', { black: { id: 'guest', name: 'Guest 1' } }), 1)).ratings).toBeNull();
        expect(await ratings.of('pw')).toEqual([]);
        expect((await archive.page('pw', { limit: 10 })).games.map((g) => g.outcome)).toEqual(['win', 'aborted', 'win']);
      });

      it('deletes aborted games that ended before a time, oldest first, with their list entries; games with a result stay', async () => {
        const aborted = { result: null, reason: 'aborted', rated: false } as const;
        for (const [id, endedAt] of [['a1', 100], ['a2', 200], ['a3', 300], ['a4', 900]] as const) {
          await archive.archive(entry(id, { ...aborted, endedAt }), 1);
        }
        await archive.archive(entry('won', { endedAt: 50, rated: false }), 1);
        expect(await archive.deleteAborted(500, 2)).toBe(2);
        expect(await archive.get('a1')).toBeNull();
        expect(await archive.get('a2')).toBeNull();
        expect(await archive.deleteAborted(500, 2)).toBe(1);
        expect(await archive.deleteAborted(500, 2)).toBe(0);
        expect((await archive.page('pw', { limit: 10 })).games.map((g) => g.id)).toEqual(['a4', 'won']);
        expect((await archive.page('pb', { limit: 10, result: 'aborted' })).games.map((g) => g.id)).toEqual(['a4']);
      });

      it('pages a player\'s games newest first with filters and a cursor', async () => {
        for (let i = 0; i < 25; i++) {
          await archive.archive(
            entry(`g${String(i).padStart(2, '0')}`, {
              rated: false,
              endedAt: 10_000 + Math.floor(i / 2), // ties on endedAt: the id breaks them
              variant: i % 5 === 0 ? 'italian' : 'scottish',
              result: i % 3 === 0 ? '0-1' : '1-0',
            }),
            1,
          );
        }
        const seen: string[] = [];
        let before: string | undefined;
        for (;;) {
          const page = await archive.page('pb', { limit: 10, ...(before ? { before } : {}) });
          seen.push(...page.games.map((g) => g.id));
          if (page.next === null) break;
          before = page.next;
        }
        expect(seen).toHaveLength(25);
        expect(new Set(seen).size).toBe(25);
        expect(seen[0]).toBe('g24');
        const italian = await archive.page('pw', { limit: 100, variant: 'italian' });
        expect(italian.games.map((g) => g.id)).toEqual(['g20', 'g15', 'g10', 'g05', 'g00']);
        const bobWins = await archive.page('pb', { limit: 100, result: 'win' });
        expect(bobWins.games).toHaveLength(9);
        expect(bobWins.games.every((g) => g.result === '0-1')).toBe(true);
        const recs = await archive.records(['g03', 'g01', 'missing']);
        expect(recs.map((r) => [r.id, r.moves])).toEqual([['g03', ['m1', 'm2']], ['g01', ['m1', 'm2']]]);
      });

      it('leaderboard and rating history', async () => {
        await archive.archive(entry('g1', { endedAt: 1 }), 1);
        await archive.archive(entry('g2', { endedAt: 2 }), 2);
        const board = await ratings.leaderboard('scottish', 10);
        expect(board.map((e) => e.username)).toEqual(['Alice', 'Bob']);
        expect(board[0]?.games).toBe(2);
        const hist = await ratings.history('pw');
        expect(hist.scottish?.map((p) => p.at)).toEqual([1, 2]);
        expect(hist.scottish?.[1]?.rating).toBe(board[0]?.rating);
        expect(await ratings.leaderboard('italian', 10)).toEqual([]);
        const lobby = await ratings.inVariant(['pw', 'pb', 'nobody'], 'scottish');
        expect([...lobby.keys()].sort()).toEqual(['pb', 'pw']);
      });
    });
  });
}
