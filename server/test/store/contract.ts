import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GameWrite, Store } from '../../src/store/store.js';
import { lobbyContract } from './contract-lobby.js';

/** Makes a fresh, empty store (for Redis: a new key prefix on a shared server). */
export type StoreFactory = () => Promise<Store>;

const write = (over: Partial<GameWrite> = {}): GameWrite => ({
  doc: '{"n":0}',
  appendMoves: [],
  deadline: null,
  summary: null,
  ...over,
});


/** Lease of a deadline claim in these tests: longer than any time they use. */
const LEASE = 1_000_000;

/** One contract, run against every Store implementation. */
export function storeContract(name: string, factory: StoreFactory): void {
  describe(`Store contract: ${name}`, () => {
    let store: Store;
    beforeEach(async () => {
      store = await factory();
    });
    afterEach(async () => {
      await store.close();
    });

    describe('games', () => {
      it('creates version 1 with the initial moves and loads it back', async () => {
        await store.createGame('g1', write({ doc: '{"a":1}', appendMoves: ['m1', 'm2'] }));
        expect(await store.loadGame('g1')).toEqual({ id: 'g1', version: 1, doc: '{"a":1}', moves: ['m1', 'm2'] });
      });

      it('returns null for an unknown game and rejects a duplicate create', async () => {
        expect(await store.loadGame('nope')).toBeNull();
        await store.createGame('g1', write());
        await expect(store.createGame('g1', write({ doc: 'other' }))).rejects.toThrow();
        expect((await store.loadGame('g1'))?.doc).toBe('{"n":0}');
      });

      it('creates many games at once, each counted for its players without a cap, and leaves one that exists as it is', async () => {
        await store.createGame('old', write({ doc: 'kept' }));
        await store.reserveGame('busy', ['a'], 1);
        const created = await store.createGames([
          { id: 'n1', write: write({ doc: 'd1', deadline: 100, summary: '{"s":1}' }), players: ['a', 'b'] },
          { id: 'old', write: write({ doc: 'other' }), players: ['c', 'd'] },
          { id: 'n2', write: write({ doc: 'd2', appendMoves: ['m'] }), players: ['c', 'a'] },
        ]);
        expect(created).toEqual([true, false, true]);
        expect(await store.loadGame('n1')).toEqual({ id: 'n1', version: 1, doc: 'd1', moves: [] });
        expect(await store.loadGame('n2')).toEqual({ id: 'n2', version: 1, doc: 'd2', moves: ['m'] });
        expect((await store.loadGame('old'))?.doc).toBe('kept');
        expect((await store.gamesOf('a')).sort()).toEqual(['busy', 'n1', 'n2']);
        expect((await store.gamesOf('c')).sort()).toEqual(['n2', 'old']);
        expect((await store.claimDueGames(100, 10, LEASE)).ids).toEqual(['n1']);
        expect((await store.listActiveGames(10)).map((g) => g.id)).toEqual(['n1']);
        expect(await store.createGames([])).toEqual([]);
      });

      it('commits with compare-and-set and appends moves in order', async () => {
        await store.createGame('g1', write({ appendMoves: ['a'] }));
        expect(await store.commitGame('g1', 1, write({ doc: 'v2', appendMoves: ['b', 'c'] }))).toEqual({
          ok: true,
          version: 2,
        });
        expect(await store.commitGame('g1', 2, write({ doc: 'v3', appendMoves: ['d'] }))).toEqual({ ok: true, version: 3 });
        expect(await store.commitGame('g1', 2, write({ doc: 'stale', appendMoves: ['x'] }))).toEqual({
          ok: false,
          reason: 'conflict',
          version: 3,
        });
        expect(await store.commitGame('zz', 1, write())).toEqual({ ok: false, reason: 'not-found' });
        expect(await store.loadGame('g1')).toEqual({ id: 'g1', version: 3, doc: 'v3', moves: ['a', 'b', 'c', 'd'] });
      });

      it('cuts the move log on a takeback, atomically with the doc, then appends', async () => {
        await store.createGame('t', write({ doc: 'd1', appendMoves: ['a', 'b', 'c'] }));
        expect(await store.commitGame('t', 1, write({ doc: 'd2', truncateMoves: 1 }))).toEqual({ ok: true, version: 2 });
        expect(await store.loadGameHead('t')).toEqual({ id: 't', version: 2, doc: 'd2', moveCount: 1 });
        expect(await store.loadGame('t')).toEqual({ id: 't', version: 2, doc: 'd2', moves: ['a'] });
        // the log grows again from the cut; a cut to nothing and a cut with appends in one commit
        await store.commitGame('t', 2, write({ doc: 'd3', appendMoves: ['x', 'y'] }));
        expect((await store.loadGame('t'))?.moves).toEqual(['a', 'x', 'y']);
        await store.commitGame('t', 3, write({ doc: 'd4', truncateMoves: 0, appendMoves: ['z'] }));
        expect(await store.loadGame('t')).toEqual({ id: 't', version: 4, doc: 'd4', moves: ['z'] });
        await store.commitGame('t', 4, write({ doc: 'd5', truncateMoves: 0 }));
        expect(await store.loadGameHead('t')).toEqual({ id: 't', version: 5, doc: 'd5', moveCount: 0 });
        // a cut that loses its compare-and-set cuts nothing
        await store.commitGame('t', 5, write({ doc: 'd6', appendMoves: ['p', 'q'] }));
        expect(await store.commitGame('t', 5, write({ doc: 'stale', truncateMoves: 0 }))).toMatchObject({ ok: false, reason: 'conflict' });
        expect((await store.loadGame('t'))?.moves).toEqual(['p', 'q']);
      });

      it('loads the head (version, doc, move count) without the log', async () => {
        expect(await store.loadGameHead('nope')).toBeNull();
        await store.createGame('h', write({ doc: 'd1', appendMoves: ['a', 'b'] }));
        await store.commitGame('h', 1, write({ doc: 'd2', appendMoves: ['c'] }));
        expect(await store.loadGameHead('h')).toEqual({ id: 'h', version: 2, doc: 'd2', moveCount: 3 });
      });

      it('reads the version alone', async () => {
        expect(await store.gameVersion('nope')).toBeNull();
        await store.createGame('gv', write());
        expect(await store.gameVersion('gv')).toBe(1);
        await store.commitGame('gv', 1, write({ doc: 'd2' }));
        expect(await store.gameVersion('gv')).toBe(2);
      });

      it('keeps strings verbatim (unicode, quotes, empty doc)', async () => {
        const doc = JSON.stringify({ s: 'é ♔ "q" \\ \n' });
        await store.createGame('u', write({ doc, appendMoves: ['', '♞'] }));
        const g = await store.loadGame('u');
        expect(g?.doc).toBe(doc);
        expect(g?.moves).toEqual(['', '♞']);
      });

      it('lets exactly one of N parallel commits with the same version win', async () => {
        await store.createGame('race', write());
        const results = await Promise.all(
          Array.from({ length: 12 }, (_, i) => store.commitGame('race', 1, write({ doc: `d${i}`, appendMoves: [`m${i}`] }))),
        );
        const wins = results.filter((r) => r.ok);
        expect(wins).toHaveLength(1);
        expect(results.filter((r) => !r.ok && r.reason === 'conflict')).toHaveLength(11);
        const g = await store.loadGame('race');
        expect(g?.version).toBe(2);
        expect(g?.moves).toHaveLength(1);
        expect(g?.doc).toBe(`d${g?.moves[0]?.slice(1)}`);
      });

      it('read-modify-write retry loops from several clients lose and duplicate nothing', async () => {
        await store.createGame('rmw', write({ doc: '0' }));
        const perClient = 15;
        let commits = 0;
        const client = async (c: number): Promise<void> => {
          for (let k = 0; k < perClient; k++) {
            for (;;) {
              const g = await store.loadGame('rmw');
              if (!g) throw new Error('lost game');
              const next = String(Number(g.doc) + 1);
              const r = await store.commitGame('rmw', g.version, write({ doc: next, appendMoves: [`${c}:${k}:${g.version}`] }));
              if (r.ok) {
                commits++;
                break;
              }
            }
          }
        };
        await Promise.all([0, 1, 2, 3].map(client));
        const g = await store.loadGame('rmw');
        expect(commits).toBe(4 * perClient);
        expect(g?.version).toBe(commits + 1);
        expect(g?.doc).toBe(String(commits));
        expect(g?.moves).toHaveLength(commits);
        expect(new Set(g?.moves).size).toBe(commits);
        // each entry records the version it was based on: contiguous 1..commits
        expect(g?.moves.map((m) => Number(m.split(':')[2]))).toEqual(Array.from({ length: commits }, (_, i) => i + 1));
      });
    });

    describe('deadlines', () => {
      it('claims due games once, earliest first, up to the limit', async () => {
        await store.createGame('a', write({ deadline: 300 }));
        await store.createGame('b', write({ deadline: 100 }));
        await store.createGame('c', write({ deadline: 200 }));
        await store.createGame('d', write({ deadline: 5000 }));
        expect((await store.claimDueGames(50, 10, LEASE)).ids).toEqual([]);
        expect((await store.claimDueGames(300, 2, LEASE)).ids).toEqual(['b', 'c']);
        expect((await store.claimDueGames(300, 10, LEASE)).ids).toEqual(['a']);
        expect((await store.claimDueGames(300, 10, LEASE)).ids).toEqual([]);
        expect((await store.claimDueGames(10_000, 10, LEASE)).ids).toEqual(['d']);
      });

      it('says when the earliest deadline left falls, a claim\'s lease included, and nothing when none is', async () => {
        expect(await store.claimDueGames(0, 10, 50)).toEqual({ ids: [], next: null });
        await store.createGame('a', write({ deadline: 300 }));
        await store.createGame('b', write({ deadline: 100 }));
        expect(await store.claimDueGames(50, 10, 50)).toEqual({ ids: [], next: 100 });
        // b is leased until 150, which is now the earliest
        expect(await store.claimDueGames(100, 10, 50)).toEqual({ ids: ['b'], next: 150 });
        await store.settleClaim('b', 150, null);
        expect(await store.claimDueGames(100, 10, 50)).toEqual({ ids: [], next: 300 });
        // a limit of 0 claims nothing and still says when
        expect(await store.claimDueGames(1000, 0, 50)).toEqual({ ids: [], next: 300 });
        expect((await store.commitGame('a', 1, write({ deadline: null }))).ok).toBe(true);
        expect(await store.claimDueGames(1000, 10, 50)).toEqual({ ids: [], next: null });
      });

      it('replaces the deadline on commit and clears it with null', async () => {
        await store.createGame('a', write({ deadline: 100 }));
        await store.createGame('b', write({ deadline: 100 }));
        expect((await store.commitGame('a', 1, write({ deadline: 1000 }))).ok).toBe(true);
        expect((await store.commitGame('b', 1, write({ deadline: null }))).ok).toBe(true);
        expect((await store.claimDueGames(500, 10, LEASE)).ids).toEqual([]);
        expect((await store.claimDueGames(1000, 10, LEASE)).ids).toEqual(['a']);
      });

      it('leaves the deadline entry as it is on an undefined deadline, a claim\'s lease included', async () => {
        await store.createGame('a', write({ deadline: 100 }));
        await store.createGame('b', write({ deadline: 100 }));
        expect((await store.commitGame('a', 1, write({ deadline: undefined }))).ok).toBe(true);
        expect((await store.claimDueGames(99, 10, LEASE)).ids).toEqual([]);
        expect((await store.claimDueGames(100, 10, 50)).ids).toEqual(['a', 'b']);
        expect((await store.commitGame('b', 1, write({ deadline: undefined }))).ok).toBe(true);
        await store.settleClaim('b', 150, 700); // the lease still stands: settled
        expect((await store.claimDueGames(150, 10, LEASE)).ids).toEqual(['a']);
        expect((await store.claimDueGames(699, 10, LEASE)).ids).toEqual([]);
        expect((await store.claimDueGames(700, 10, LEASE)).ids).toEqual(['b']);
      });

      it('a commit that leaves every index as it is (most moves) writes the game and keeps its deadline and listing', async () => {
        await store.createGame('k', write({ deadline: 100, summary: '{"s":1}', appendMoves: ['a'] }));
        const keep = { deadline: undefined, summary: undefined };
        expect(await store.commitGame('k', 1, write({ ...keep, doc: 'd2', appendMoves: ['b', 'c'] }))).toEqual({ ok: true, version: 2 });
        expect(await store.commitGame('k', 2, write({ ...keep, doc: 'd3' }))).toEqual({ ok: true, version: 3 });
        expect(await store.commitGame('k', 2, write({ ...keep, doc: 'stale', appendMoves: ['x'] }))).toEqual({ ok: false, reason: 'conflict', version: 3 });
        expect(await store.commitGame('none', 1, write(keep))).toEqual({ ok: false, reason: 'not-found' });
        expect(await store.loadGame('k')).toEqual({ id: 'k', version: 3, doc: 'd3', moves: ['a', 'b', 'c'] });
        expect((await store.listActiveGames(10)).map((g) => [g.id, g.summary])).toEqual([['k', '{"s":1}']]);
        expect((await store.claimDueGames(99, 10, LEASE)).ids).toEqual([]);
        expect((await store.claimDueGames(100, 10, LEASE)).ids).toEqual(['k']);
      });

      it('leaves the deadline unchanged by a conflicting commit', async () => {
        await store.createGame('a', write({ deadline: 100 }));
        await store.commitGame('a', 7, write({ deadline: null }));
        expect((await store.claimDueGames(100, 10, LEASE)).ids).toEqual(['a']);
      });

      it('leases a claim: the game comes due again when the claimer never commits nor settles', async () => {
        await store.createGame('a', write({ deadline: 100 }));
        expect((await store.claimDueGames(100, 10, 50)).ids).toEqual(['a']);
        expect((await store.claimDueGames(149, 10, 50)).ids).toEqual([]);
        expect((await store.claimDueGames(150, 10, 50)).ids).toEqual(['a']);
      });

      it('settles a lease to the game deadline or clears it, unless a commit moved it first', async () => {
        await store.createGame('a', write({ deadline: 100 }));
        await store.createGame('b', write({ deadline: 100 }));
        await store.createGame('c', write({ deadline: 100 }));
        expect((await store.claimDueGames(100, 10, 50)).ids).toEqual(['a', 'b', 'c']);
        await store.settleClaim('a', 150, 400);
        await store.settleClaim('b', 150, null);
        expect((await store.commitGame('c', 1, write({ deadline: 900 }))).ok).toBe(true);
        await store.settleClaim('c', 150, null);
        await store.settleClaim('a', 999, null); // not the current lease: ignored
        expect((await store.claimDueGames(399, 10, LEASE)).ids).toEqual([]);
        expect((await store.claimDueGames(400, 10, LEASE)).ids).toEqual(['a']);
        expect((await store.claimDueGames(900, 10, LEASE)).ids).toEqual(['c']);
        expect((await store.claimDueGames(10_000, 10, LEASE)).ids).toEqual([]);
      });

      it('gives each due game to one of many concurrent claimers', async () => {
        const ids = Array.from({ length: 40 }, (_, i) => `g${i}`);
        for (const [i, id] of ids.entries()) await store.createGame(id, write({ deadline: 1000 + i }));
        const claims = await Promise.all(Array.from({ length: 8 }, () => store.claimDueGames(2000, 7, LEASE)));
        const all = claims.flatMap((c) => c.ids);
        expect(all).toHaveLength(ids.length);
        expect(new Set(all)).toEqual(new Set(ids));
        for (const c of claims) expect(c.ids.length).toBeLessThanOrEqual(7);
      });
    });

    describe('active games', () => {
      it('lists summaries most recent first, updates in place and removes on null', async () => {
        await store.createGame('a', write({ summary: 'A1' }));
        await store.createGame('b', write({ summary: 'B1' }));
        await store.createGame('c', write({ summary: 'C1' }));
        await store.createGame('x', write());
        expect(await store.listActiveGames(10)).toEqual([
          { id: 'c', summary: 'C1', spectators: 0 },
          { id: 'b', summary: 'B1', spectators: 0 },
          { id: 'a', summary: 'A1', spectators: 0 },
        ]);
        expect(await store.countActiveGames()).toBe(3);
        await store.commitGame('a', 1, write({ summary: 'A2' }));
        await store.commitGame('b', 1, write({ summary: null, doc: 'finished' }));
        expect(await store.listActiveGames(10)).toEqual([
          { id: 'c', summary: 'C1', spectators: 0 },
          { id: 'a', summary: 'A2', spectators: 0 },
        ]);
        expect(await store.listActiveGames(1)).toEqual([{ id: 'c', summary: 'C1', spectators: 0 }]);
        expect(await store.countActiveGames()).toBe(2);
        // an undefined summary leaves the listing as it is
        await store.commitGame('c', 1, write({ summary: undefined }));
        await store.commitGame('a', 2, write({ summary: undefined }));
        expect(await store.listActiveGames(10)).toEqual([
          { id: 'c', summary: 'C1', spectators: 0 },
          { id: 'a', summary: 'A2', spectators: 0 },
        ]);
        // finished games are kept for replay
        expect((await store.loadGame('b'))?.doc).toBe('finished');
      });

      it("keeps a listed game's spectator count, only while it is listed", async () => {
        await store.createGame('a', write({ summary: 'A1' }));
        await store.createGame('p', write());
        await store.countSpectators('a', 2);
        await store.countSpectators('p', 5);
        expect(await store.listActiveGames(10)).toEqual([{ id: 'a', summary: 'A1', spectators: 2 }]);
        // a new turn's summary keeps the count
        await store.commitGame('a', 1, write({ summary: 'A2' }));
        expect(await store.spectatorsOf(['a', 'p', 'none'])).toEqual([2, 0, 0]);
        await store.commitGame('a', 2, write({ summary: null }));
        await store.commitGame('a', 3, write({ summary: 'A3' }));
        expect(await store.listActiveGames(10)).toEqual([{ id: 'a', summary: 'A3', spectators: 0 }]);
      });
    });

    lobbyContract(() => store);

    describe('chat', () => {
      it('keeps the last lines of each channel, oldest first, and lets them expire', async () => {
        for (let i = 1; i <= 5; i++) await store.appendChat('g1', 'players', `m${i}`, 3, 60_000);
        await store.appendChat('g1', 'spectators', 's1', 3, 60_000);
        expect(await store.loadChat('g1', 'players')).toEqual(['m3', 'm4', 'm5']);
        expect(await store.loadChat('g1', 'spectators')).toEqual(['s1']);
        expect(await store.loadChat('g2', 'players')).toEqual([]);
        await store.appendChat('g3', 'players', 'brief', 3, 30);
        await new Promise((r) => setTimeout(r, 80));
        expect(await store.loadChat('g3', 'players')).toEqual([]);
      });

      it("leaves with its game: a game's expiry reaches its channels, and a line after it does not outlive it", async () => {
        await store.createGame('gc', write());
        await store.appendChat('gc', 'players', 'hello', 3, 60_000);
        await store.appendChat('gc', 'spectators', 'hi', 3, 60_000);
        await store.commitGame('gc', 1, write({ doc: 'finished', expireAfterMs: 1000 }));
        await store.appendChat('gc', 'spectators', 'gg', 3, 60_000);
        expect(await store.loadChat('gc', 'spectators')).toEqual(['hi', 'gg']);
        await new Promise((r) => setTimeout(r, 1300));
        expect(await store.loadGame('gc')).toBeNull();
        expect(await store.loadChat('gc', 'players')).toEqual([]);
        expect(await store.loadChat('gc', 'spectators')).toEqual([]);
      });
    });

    describe('tournament leases', () => {
      it('claims each step once, lets a lapsed lease be retaken, never goes back', async () => {
        expect(await store.claimTournamentStep('t1', 1, 1000, 500)).toBe(true);
        // live lease: neither the same step nor the next is claimable, on any tournament but its own
        expect(await store.claimTournamentStep('t1', 1, 1200, 500)).toBe(false);
        expect(await store.claimTournamentStep('t1', 2, 1499, 500)).toBe(false);
        expect(await store.claimTournamentStep('t2', 1, 1200, 500)).toBe(true);
        // the claimer died: its step is claimable again once the lease lapsed
        expect(await store.claimTournamentStep('t1', 1, 1500, 500)).toBe(true);
        await store.completeTournamentStep('t1', 1);
        // completed: not again, and never an earlier step; the next one at once
        expect(await store.claimTournamentStep('t1', 1, 1600, 500)).toBe(false);
        expect(await store.claimTournamentStep('t1', 0, 1600, 500)).toBe(false);
        expect(await store.claimTournamentStep('t1', 3, 1600, 500)).toBe(true);
        // completing a step other than the one claimed changes nothing
        await store.completeTournamentStep('t1', 2);
        expect(await store.claimTournamentStep('t1', 4, 1700, 500)).toBe(false);
        expect(await store.claimTournamentStep('t1', 4, 2100, 500)).toBe(true);
      });

      it('gives a step to one of many concurrent claimers', async () => {
        const claims = await Promise.all(Array.from({ length: 8 }, () => store.claimTournamentStep('t3', 7, 1000, 60_000)));
        expect(claims.filter(Boolean)).toHaveLength(1);
      });
    });

    describe('players and health', () => {
      it('stores player documents', async () => {
        expect(await store.getPlayer('p1')).toBeNull();
        await store.putPlayer('p1', '{"name":"Ann"}', 60_000);
        await store.putPlayer('p1', '{"name":"Bea"}', 60_000);
        expect(await store.getPlayer('p1')).toBe('{"name":"Bea"}');
      });

      it('caches a game analysis until it expires', async () => {
        expect(await store.getAnalysis('g1')).toBeNull();
        await store.putAnalysis('g1', '{"turns":[]}', 60_000);
        await store.putAnalysis('g2', '{"turns":[1]}', 30);
        expect(await store.getAnalysis('g1')).toBe('{"turns":[]}');
        await new Promise((r) => setTimeout(r, 80));
        expect(await store.getAnalysis('g2')).toBeNull();
        expect(await store.getAnalysis('g1')).toBe('{"turns":[]}');
      });

      it('answers ping', async () => {
        await expect(store.ping()).resolves.toBeUndefined();
      });
    });
  });
}
