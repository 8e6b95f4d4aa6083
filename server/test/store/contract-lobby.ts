import { describe, expect, it } from 'vitest';
import { CLOSED_INVITES_KEPT_MS, type Store, type StoredSeek } from '../../src/store/store.js';

const seek = (id: string, over: Partial<StoredSeek> = {}): StoredSeek => ({
  id,
  owner: `owner-${id}`,
  settings: 'fischer 3+2',
  code: null,
  public: true,
  doc: JSON.stringify({ id, s: 'é ♔ "q"' }),
  expiresAt: 10_000,
  ...over,
});

const ids = (seeks: readonly StoredSeek[]): string[] => seeks.map((s) => s.id);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const write = { doc: 'd', appendMoves: ['m'], deadline: null, summary: null };

/** The seek, game-count, player and expiry guarantees of the Store contract. */
export function lobbyContract(store: () => Store): void {
  describe('seeks', () => {
    it('stores, lists public ones, finds private ones by code', async () => {
      const s = store();
      const priv = seek('s2', { public: false, code: 'CODE2' });
      expect(await s.addSeek(seek('s1'), 0, 3)).toEqual({ ok: true, created: true, seek: seek('s1') });
      await s.addSeek(priv, 0, 3);
      await s.addSeek(seek('s3'), 0, 3);
      expect(ids(await s.listPublicSeeks(0, 10))).toEqual(['s1', 's3']);
      expect(await s.getSeek('s2', 0)).toEqual(priv);
      expect(await s.getSeekByCode('CODE2', 0)).toEqual(priv);
      expect(await s.getSeekByCode('nope', 0)).toBeNull();
      expect(await s.getSeek('nope', 0)).toBeNull();
    });

    it('lists at most `limit` seeks: the most recent, oldest first', async () => {
      const s = store();
      for (const id of ['a', 'b', 'c', 'd', 'e']) await s.addSeek(seek(id), 0, 3);
      expect(ids(await s.listPublicSeeks(0, 2))).toEqual(['d', 'e']);
      expect(await s.listPublicSeeks(0, 0)).toEqual([]);
    });

    it('returns the open seek of an owner with the same settings instead of a second one', async () => {
      const s = store();
      const first = seek('s1', { owner: 'ann', public: false, code: 'C1' });
      await s.addSeek(first, 0, 3);
      const again = await s.addSeek(seek('s2', { owner: 'ann', public: false, code: 'C2' }), 5, 3);
      expect(again).toEqual({ ok: true, created: false, seek: first });
      expect(await s.getSeek('s2', 5)).toBeNull();
      expect(await s.getSeekByCode('C2', 5)).toBeNull();
      // other settings or another owner: a new seek
      expect((await s.addSeek(seek('s3', { owner: 'ann', settings: 'other' }), 5, 3)).ok).toBe(true);
      expect(await s.addSeek(seek('s4', { owner: 'bob' }), 5, 3)).toMatchObject({ created: true });
    });

    it('refuses an owner more than `maxPerOwner` open seeks, also under concurrent adds', async () => {
      const s = store();
      const add = (i: number, owner = 'ann') => s.addSeek(seek(`s${i}`, { owner, settings: `k${i}` }), 0, 3);
      const results = await Promise.all(Array.from({ length: 10 }, (_, i) => add(i)));
      expect(results.filter((r) => r.ok)).toHaveLength(3);
      expect(results.filter((r) => !r.ok)).toEqual(Array.from({ length: 7 }, () => ({ ok: false, reason: 'too-many' })));
      expect(await add(20, 'bob')).toMatchObject({ ok: true, created: true });
      // taking one frees a place
      const open = (await s.listPublicSeeks(0, 10)).filter((x) => x.owner === 'ann');
      expect(open).toHaveLength(3);
      await s.takeSeek(open[0]?.id ?? '', 0);
      expect(await add(30)).toMatchObject({ ok: true, created: true });
      expect(await add(31)).toEqual({ ok: false, reason: 'too-many' });
    });

    it('forgets a seek at its expiry: reads, code, list, take, cap and duplicates', async () => {
      const s = store();
      const inv = seek('s1', { owner: 'ann', public: false, code: 'INV', expiresAt: 1000 });
      await s.addSeek(inv, 0, 1);
      await s.addSeek(seek('s2', { expiresAt: 1000 }), 0, 1);
      expect(await s.getSeekByCode('INV', 999)).toEqual(inv);
      expect(ids(await s.listPublicSeeks(999, 10))).toEqual(['s2']);
      expect(await s.getSeek('s1', 1000)).toBeNull();
      expect(await s.getSeekByCode('INV', 1000)).toBeNull();
      expect(await s.listPublicSeeks(1000, 10)).toEqual([]);
      expect(await s.takeSeek('s2', 1000)).toBeNull();
      // the expired seek no longer counts nor deduplicates
      const again = seek('s3', { owner: 'ann', public: false, code: 'INV2', expiresAt: 5000 });
      expect(await s.addSeek(again, 1000, 1)).toEqual({ ok: true, created: true, seek: again });
      expect(await s.getSeekByCode('INV', 1001)).toBeNull();
    });

    it('hands out each expired seek once, whichever call removed it; taken or open seeks never', async () => {
      const s = store();
      const inv = seek('s1', { owner: 'ann', public: false, code: 'INV', expiresAt: 1000 });
      const pub = seek('s2', { expiresAt: 1000 });
      const later = seek('s3', { expiresAt: 3000 });
      const cancelled = seek('s4', { expiresAt: 1000 });
      for (const x of [inv, pub, later, cancelled]) await s.addSeek(x, 0, 3);
      expect(await s.takeSeek('s4', 0)).toEqual(cancelled);
      expect(await s.takeExpiredSeeks(999, 10)).toEqual([]);
      // a read of another kind removes the expired seeks: they wait to be taken
      expect(await s.listPublicSeeks(1000, 10)).toEqual([later]);
      const [first, second] = await Promise.all([s.takeExpiredSeeks(1000, 1), s.takeExpiredSeeks(1000, 10)]);
      expect([...(first ?? []), ...(second ?? [])].sort((a, b) => a.id.localeCompare(b.id))).toEqual([inv, pub]);
      expect(first).toHaveLength(1);
      expect(await s.takeExpiredSeeks(2000, 10)).toEqual([]);
      // expiring with nothing else reading: found by the take itself
      expect(await s.takeExpiredSeeks(3000, 10)).toEqual([later]);
      expect(await s.takeExpiredSeeks(3000, 10)).toEqual([]);
    });

    it('remembers the code of an invitation taken or expired for CLOSED_INVITES_KEPT_MS; a code never issued is not', async () => {
      const s = store();
      const taken = seek('s1', { public: false, code: 'TAKEN', expiresAt: 5000 });
      const expiring = seek('s2', { owner: 'bob', public: false, code: 'LATE', expiresAt: 1000 });
      for (const x of [taken, expiring]) await s.addSeek(x, 0, 3);
      expect(await s.inviteClosed('TAKEN', 0)).toBe(false);
      await s.takeSeek('s1', 10);
      expect(await s.getSeekByCode('TAKEN', 10)).toBeNull();
      expect(await s.inviteClosed('TAKEN', 10)).toBe(true);
      expect(await s.inviteClosed('LATE', 999)).toBe(false);
      // expired at its time: closed too
      expect(await s.getSeekByCode('LATE', 1000)).toBeNull();
      expect(await s.inviteClosed('LATE', 1000)).toBe(true);
      expect(await s.inviteClosed('NEVER', 1000)).toBe(false);
      expect(await s.inviteClosed('TAKEN', 10 + CLOSED_INVITES_KEPT_MS - 1)).toBe(true);
      expect(await s.inviteClosed('TAKEN', 10 + CLOSED_INVITES_KEPT_MS)).toBe(false);
      expect(await s.inviteClosed('LATE', 1000 + CLOSED_INVITES_KEPT_MS)).toBe(false);
    });

    it('takes a seek once, removing it from every index', async () => {
      const s = store();
      const one = seek('s1', { code: 'C1' });
      await s.addSeek(one, 0, 3);
      const taken = await Promise.all(Array.from({ length: 10 }, () => s.takeSeek('s1', 0)));
      expect(taken.filter((t) => t !== null)).toEqual([one]);
      expect(await s.getSeek('s1', 0)).toBeNull();
      expect(await s.getSeekByCode('C1', 0)).toBeNull();
      expect(await s.listPublicSeeks(0, 10)).toEqual([]);
      expect(await s.takeSeek('s1', 0)).toBeNull();
      // the owner's settings are free again
      expect(await s.addSeek(seek('s9', { owner: one.owner }), 0, 1)).toMatchObject({ created: true });
    });

    it("lists an owner's open seeks, public and private, oldest first, as they are taken or expire", async () => {
      const s = store();
      const inv = seek('s1', { owner: 'ann', settings: 'a', public: false, code: 'C1', expiresAt: 9_000 });
      const pub = seek('s2', { owner: 'ann', settings: 'b', expiresAt: 1_000 });
      const inv2 = seek('s3', { owner: 'ann', settings: 'c', public: false, code: 'C3', expiresAt: 9_000 });
      expect(await s.listSeeksOf('ann', 0)).toEqual([]);
      for (const x of [inv, seek('b1', { owner: 'bob' }), pub, inv2]) await s.addSeek(x, 0, 3);
      expect(await s.listSeeksOf('ann', 0)).toEqual([inv, pub, inv2]);
      expect(ids(await s.listSeeksOf('bob', 0))).toEqual(['b1']);
      // the same settings again add nothing
      await s.addSeek(seek('s4', { owner: 'ann', settings: 'a', public: false, code: 'C4' }), 0, 3);
      expect(ids(await s.listSeeksOf('ann', 0))).toEqual(['s1', 's2', 's3']);
      await s.takeSeek('s1', 0);
      expect(ids(await s.listSeeksOf('ann', 0))).toEqual(['s2', 's3']);
      expect(ids(await s.listSeeksOf('ann', 1_000))).toEqual(['s3']);
      const again = seek('s5', { owner: 'ann', settings: 'a', public: false, code: 'C5', expiresAt: 9_000 });
      await s.addSeek(again, 1_000, 3);
      expect(ids(await s.listSeeksOf('ann', 1_000))).toEqual(['s3', 's5']);
      expect(await s.listSeeksOf('nobody', 0)).toEqual([]);
    });

    it('lists the challenges to a player, soonest to expire first, as they are taken or expire', async () => {
      const s = store();
      const c1 = seek('c1', { owner: 'ann', settings: 'x', public: false, target: 'bob', expiresAt: 5_000 });
      const c2 = seek('c2', { owner: 'cid', settings: 'x', public: false, target: 'bob', expiresAt: 2_000 });
      const other = seek('c3', { owner: 'ann', settings: 'y', public: false, target: 'dan', expiresAt: 5_000 });
      for (const x of [c1, seek('p1', { owner: 'ann' }), c2, other]) await s.addSeek(x, 0, 3);
      expect(await s.listChallengesFor('bob', 0)).toEqual([c2, c1]);
      expect(ids(await s.listChallengesFor('dan', 0))).toEqual(['c3']);
      expect(await s.listChallengesFor('ann', 0)).toEqual([]);
      expect(await s.takeSeek('c1', 0)).toEqual(c1);
      expect(ids(await s.listChallengesFor('bob', 0))).toEqual(['c2']);
      expect(await s.listChallengesFor('bob', 2_000)).toEqual([]);
    });

    it('caps the open challenges to one player, from everyone together; a taken or expired one frees its place', async () => {
      const s = store();
      const to = (id: string, owner: string, target = 'bob', expiresAt = 5_000) =>
        seek(id, { owner, settings: id, public: false, target, expiresAt });
      expect(await s.addSeek(to('c1', 'ann', 'bob', 1_000), 0, 3, 2)).toMatchObject({ ok: true, created: true });
      expect(await s.addSeek(to('c2', 'cid'), 0, 3, 2)).toMatchObject({ ok: true, created: true });
      expect(await s.addSeek(to('c3', 'dan'), 0, 3, 2)).toEqual({ ok: false, reason: 'target-full' });
      // another player's challenges and plain seeks are not counted against bob's
      expect(await s.addSeek(to('c4', 'dan', 'eve'), 0, 3, 2)).toMatchObject({ ok: true, created: true });
      expect(await s.addSeek(seek('p1', { owner: 'dan' }), 0, 3, 2)).toMatchObject({ ok: true, created: true });
      await s.takeSeek('c2', 0);
      expect(await s.addSeek(to('c5', 'dan'), 0, 3, 2)).toMatchObject({ ok: true, created: true });
      expect(await s.addSeek(to('c6', 'fay'), 500, 3, 2)).toEqual({ ok: false, reason: 'target-full' });
      // c1 expires at 1000: its place is free again
      expect(await s.addSeek(to('c6', 'fay'), 1_000, 3, 2)).toMatchObject({ ok: true, created: true });
      expect(ids(await s.listChallengesFor('bob', 1_000))).toEqual(['c5', 'c6']);
    });
  });

  describe('games in progress per player', () => {
    it('counts a game for all its players or none, up to max each', async () => {
      const s = store();
      expect(await s.reserveGame('g1', ['a', 'b'], 2)).toEqual({ ok: true });
      expect(await s.reserveGame('g2', ['a', 'c'], 2)).toEqual({ ok: true });
      expect(await s.reserveGame('g3', ['d', 'a'], 2)).toEqual({ ok: false, player: 'a' });
      expect(await s.gamesOf('d')).toEqual([]);
      expect(await s.reserveGame('g1', ['a', 'b'], 2)).toEqual({ ok: true }); // idempotent
      expect((await s.gamesOf('a')).sort()).toEqual(['g1', 'g2']);
      await s.releaseGame('g1', ['a', 'b']);
      await s.releaseGame('g1', ['a', 'b']);
      expect(await s.gamesOf('b')).toEqual([]);
      expect(await s.reserveGame('g3', ['d', 'a'], 2)).toEqual({ ok: true });
    });

    it('never exceeds max under concurrent reservations', async () => {
      const s = store();
      const results = await Promise.all(Array.from({ length: 10 }, (_, i) => s.reserveGame(`g${i}`, ['x', `y${i}`], 3)));
      expect(results.filter((r) => r.ok)).toHaveLength(3);
      expect(await s.gamesOf('x')).toHaveLength(3);
    });
  });

  describe('expiry in real time', () => {
    it('forgets a player after its TTL unless a read refreshes it', async () => {
      const s = store();
      // Lifetimes of a second or more: a loaded machine must not expire a key before it is read back.
      await s.putPlayer('short', 'a', 1_000);
      await s.putPlayer('kept', 'b', 2_000);
      expect(await s.getPlayer('short')).toBe('a');
      await sleep(1_200);
      expect(await s.getPlayer('short')).toBeNull();
      expect(await s.getPlayer('kept', 5_000)).toBe('b');
      await sleep(1_500); // past the first 2 s lifetime: only the refresh keeps it
      expect(await s.getPlayer('kept')).toBe('b');
    });

    it('deletes a game whose last write asked it to expire, and keeps one a later write did not', async () => {
      const s = store();
      await s.createGame('gone', { ...write, expireAfterMs: 1_000 });
      await s.createGame('kept', { ...write, expireAfterMs: 1_000 });
      await s.createGame('still', { ...write, expireAfterMs: 1_000 });
      await s.createGame('new', write);
      expect((await s.commitGame('kept', 1, { ...write, appendMoves: ['n'], expireAfterMs: null })).ok).toBe(true);
      // an undefined expiry leaves it as the previous write set it: 'still' expires, 'new' is kept
      expect((await s.commitGame('still', 1, { ...write, appendMoves: ['n'] })).ok).toBe(true);
      expect((await s.commitGame('new', 1, { ...write, appendMoves: ['n'] })).ok).toBe(true);
      expect(await s.loadGameHead('gone')).toMatchObject({ version: 1, moveCount: 1 });
      await sleep(1_300); // past the 1 s lifetime (long enough that a loaded machine commits first)
      expect(await s.loadGame('gone')).toBeNull();
      expect(await s.loadGameHead('gone')).toBeNull();
      expect(await s.loadGame('still')).toBeNull();
      expect(await s.loadGame('kept')).toEqual({ id: 'kept', version: 2, doc: 'd', moves: ['m', 'n'] });
      expect(await s.loadGame('new')).toEqual({ id: 'new', version: 2, doc: 'd', moves: ['m', 'n'] });
    });
  });
}
