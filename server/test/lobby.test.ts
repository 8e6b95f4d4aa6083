import type { Seek } from '@progressive-chess/shared';
import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../src/store/memory-store.js';
import { Client, manualClock, sleep, startServer } from './helpers.js';

const PUBLIC = { variant: 'scottish', timeControl: { kind: 'fischer', initial: 300, increment: 5 }, color: 'white', visibility: 'public' } as const;

describe('lobby', () => {
  it('public seeks appear live, can be cancelled, and accepting one starts a game for both', async () => {
    const server = await startServer();
    const [alice, bob, carol] = await Promise.all([Client.connect(server), Client.connect(server), Client.connect(server)]);
    const initial = await carol.ok('lobby:subscribe', {});
    expect(initial).toMatchObject({ seeks: [], games: [] });

    const added = carol.next('lobby:seekAdded');
    const { seek, inviteUrl } = await alice.ok('seek:create', PUBLIC);
    expect(inviteUrl).toBeUndefined();
    expect(await added).toEqual(seek);
    expect((await bob.ok('lobby:subscribe', {})).seeks).toEqual([seek]);

    expect(await alice.send('seek:accept', { seekId: seek.id })).toMatchObject({ ok: false, code: 'own-seek' });
    expect(await bob.send('seek:cancel', { seekId: seek.id })).toMatchObject({ ok: false, code: 'unknown-seek' });

    const removed = carol.next('lobby:seekRemoved');
    const gameAdded = carol.next('lobby:gameAdded');
    const startA = alice.next('game:start');
    const startB = bob.next('game:start');
    const { gameId } = await bob.ok('seek:accept', { seekId: seek.id });
    expect(await removed).toEqual({ seekId: seek.id });
    expect(await startA).toEqual({ gameId, color: 'white' });
    expect(await startB).toEqual({ gameId, color: 'black' });
    expect(await gameAdded).toMatchObject({ id: gameId, variant: 'scottish', turn: 1 });
    expect(await carol.send('seek:accept', { seekId: seek.id })).toMatchObject({ ok: false, code: 'unknown-seek' });

    const listed = await carol.ok('lobby:subscribe', {});
    expect(listed.seeks).toEqual([]);
    expect(listed.games.map((g) => g.id)).toEqual([gameId]);

    // The lobby follows the game: turn updates, then removal when it ends.
    const updated = carol.next('lobby:gameUpdated', (g) => g.turn === 2);
    await alice.ok('game:move', { gameId, version: 1, move: 'e2e4' });
    expect((await updated).id).toBe(gameId);
    const gone = carol.next('lobby:gameRemoved');
    await bob.ok('game:resign', { gameId });
    expect(await gone).toEqual({ gameId });

    const second = await alice.ok('seek:create', PUBLIC);
    const cancelled = carol.next('lobby:seekRemoved');
    await alice.ok('seek:cancel', { seekId: second.seek.id });
    expect(await cancelled).toEqual({ seekId: second.seek.id });
    await carol.ok('lobby:unsubscribe', {});
    await alice.ok('seek:create', PUBLIC);
    await carol.settle();
    expect(carol.received('lobby:seekAdded')).toHaveLength(2);
  });

  it("a move keeps the game's live spectator count in the lobby feed and listing", async () => {
    const server = await startServer();
    const [alice, bob, carol, dan] = await Promise.all([Client.connect(server), Client.connect(server), Client.connect(server), Client.connect(server)]);
    await carol.ok('lobby:subscribe', {});
    const { seek } = await alice.ok('seek:create', PUBLIC);
    const { gameId } = await bob.ok('seek:accept', { seekId: seek.id });
    const watched = carol.next('lobby:gameUpdated', (g) => g.id === gameId && g.spectators === 1);
    await dan.ok('game:join', { gameId });
    expect((await watched).spectators).toBe(1);
    const moved = carol.next('lobby:gameUpdated', (g) => g.id === gameId && g.turn === 2);
    await alice.ok('game:move', { gameId, version: 1, move: 'e2e4' });
    expect((await moved).spectators).toBe(1);
    expect((await carol.ok('lobby:subscribe', {})).games.find((g) => g.id === gameId)?.spectators).toBe(1);
  });

  it('counts the distinct players online (several tabs of one player count once)', async () => {
    const server = await startServer();
    const alice = await Client.connect(server);
    await Client.connect(server, { token: alice.session.token });
    expect(await alice.ok('lobby:online', {})).toMatchObject({ players: 1 });
    const fresh = await startServer();
    const [a, b] = await Promise.all([Client.connect(fresh), Client.connect(fresh)]);
    await Client.connect(fresh, { token: b.session.token });
    expect((await a.ok('lobby:online', {})).players).toBe(2);
  });

  it('without PUBLIC_URL a private seek carries no invitation link: the client builds it on its own page address', async () => {
    const server = await startServer();
    const alice = await Client.connect(server);
    const res = await alice.ok('seek:create', { ...PUBLIC, visibility: 'private', color: 'white' });
    expect(res.seek.inviteCode).toMatch(/^[A-Za-z0-9_-]{8,}$/);
    expect(res.inviteUrl).toBeUndefined();
  });

  it('private seeks stay out of the lobby and are accepted through their invitation', async () => {
    const server = await startServer({ publicUrl: 'https://chess.example' });
    const [alice, bob, carol] = await Promise.all([Client.connect(server), Client.connect(server), Client.connect(server)]);
    await carol.ok('lobby:subscribe', {});
    const { seek, inviteUrl } = await alice.ok('seek:create', { ...PUBLIC, visibility: 'private', color: 'random' });
    expect(seek.inviteCode).toMatch(/^[A-Za-z0-9_-]{8,}$/);
    expect(inviteUrl).toBe(`https://chess.example/invite/${seek.inviteCode}`);
    expect((await carol.ok('lobby:subscribe', {})).seeks).toEqual([]);
    const code = seek.inviteCode ?? '';
    expect((await bob.ok('invite:get', { code })).seek).toEqual(seek);
    // a code no invitation had (mistyped, cut off) is unknown, not "gone"
    expect(await bob.send('invite:get', { code: 'nope' })).toMatchObject({ ok: false, code: 'unknown-invitation' });
    expect(await bob.send('seek:accept', { code: `${code}x` })).toMatchObject({ ok: false, code: 'unknown-invitation' });

    const startA = alice.next('game:start');
    const startB = bob.next('game:start');
    const { gameId } = await bob.ok('seek:accept', { code });
    const [a, b] = [await startA, await startB];
    expect([a.gameId, b.gameId]).toEqual([gameId, gameId]);
    expect(new Set([a.color, b.color])).toEqual(new Set(['white', 'black']));
    const snap = (await alice.ok('game:join', { gameId })).snapshot;
    expect(snap.players[a.color].id).toBe(alice.id);
    // accepted: its code is known, and closed
    expect(await carol.send('invite:get', { code })).toMatchObject({ ok: false, code: 'unknown-seek' });
    expect(await carol.send('seek:accept', { code })).toMatchObject({ ok: false, code: 'unknown-seek' });
    expect(carol.received('lobby:seekAdded')).toEqual([]);
  });

  it('a cancelled invitation is closed (unknown-seek), not unknown', async () => {
    const server = await startServer();
    const [alice, bob] = await Promise.all([Client.connect(server), Client.connect(server)]);
    const { seek } = await alice.ok('seek:create', { ...PUBLIC, visibility: 'private' });
    await alice.ok('seek:cancel', { seekId: seek.id });
    expect(await bob.send('invite:get', { code: seek.inviteCode ?? '' })).toMatchObject({ ok: false, code: 'unknown-seek' });
  });

  it("gives a player its own open seeks and invitations on subscribe, and tells all its tabs when they change", async () => {
    const server = await startServer({ publicUrl: 'https://chess.example' });
    const [alice, bob] = await Promise.all([Client.connect(server), Client.connect(server)]);
    const tab2 = await Client.connect(server, { token: alice.session.token });
    expect((await alice.ok('lobby:subscribe', {})).mine).toEqual([]);

    const told = tab2.next('lobby:mySeeks', (p) => p.seeks.length === 1);
    const { ok: _, ...inv } = await alice.ok('seek:create', { ...PUBLIC, visibility: 'private', color: 'black' });
    expect((await told).seeks).toEqual([inv]);
    const pub = await alice.ok('seek:create', PUBLIC);
    // a later visit of the lobby (another page, a reload, another tab) gets both, oldest first
    const { mine, seeks } = await tab2.ok('lobby:subscribe', {});
    expect(mine).toEqual([inv, { seek: pub.seek }]);
    expect(mine[0]?.seek.inviteCode).toBeTruthy();
    expect(mine[0]?.inviteUrl).toBe(`https://chess.example/invite/${mine[0]?.seek.inviteCode}`);
    expect(seeks.map((s) => s.id)).toEqual([pub.seek.id]);
    // nobody else gets them, nor the invitation code
    expect((await bob.ok('lobby:subscribe', {})).mine).toEqual([]);
    expect(bob.received('lobby:mySeeks')).toEqual([]);

    const cancelled = alice.next('lobby:mySeeks', (p) => p.seeks.length === 1);
    await tab2.ok('seek:cancel', { seekId: pub.seek.id });
    expect((await cancelled).seeks).toEqual([inv]);
    // accepted by a friend: gone from the creator's list
    const accepted = tab2.next('lobby:mySeeks', (p) => p.seeks.length === 0);
    await bob.ok('seek:accept', { code: inv.seek.inviteCode ?? '' });
    await accepted;
    expect((await alice.ok('lobby:subscribe', {})).mine).toEqual([]);
  });

  it('an expired seek leaves the lobby and its owner\'s list at once (one announcement), not at the next subscribe', async () => {
    const clock = manualClock();
    const server = await startServer({ now: clock.now, seekExpiryTickMs: 20, limits: { seekTtlMs: 60_000, inviteTtlMs: 120_000 } });
    const [alice, bob] = await Promise.all([Client.connect(server), Client.connect(server)]);
    await Promise.all([alice.ok('lobby:subscribe', {}), bob.ok('lobby:subscribe', {})]);
    const inv = await alice.ok('seek:create', { ...PUBLIC, visibility: 'private', color: 'black' });
    const pub = await alice.ok('seek:create', PUBLIC);

    clock.advance(60_000); // the public seek expires, the invitation stays
    const [removed, mine] = await Promise.all([
      bob.next('lobby:seekRemoved'),
      alice.next('lobby:mySeeks', (p) => p.seeks.length === 1),
    ]);
    expect(removed).toEqual({ seekId: pub.seek.id });
    expect(mine.seeks.map((o) => o.seek.id)).toEqual([inv.seek.id]);
    clock.advance(60_000); // the invitation expires: only its owner hears of it
    await alice.next('lobby:mySeeks', (p) => p.seeks.length === 0);
    await bob.settle(); // the lobby hears of an expiry before its owner does (announceExpired)
    expect(bob.received('lobby:seekRemoved')).toEqual([{ seekId: pub.seek.id }]);
    expect(alice.received('lobby:mySeeks').map((p) => p.seeks.length)).toEqual([1, 2, 1, 0]);
  });

  it('a public seek vanishes when its creator stays away longer than the grace period', async () => {
    const server = await startServer({ seekGraceMs: 150 });
    const [alice, carol, dora] = await Promise.all([Client.connect(server), Client.connect(server), Client.connect(server)]);
    await carol.ok('lobby:subscribe', {});
    const kept = await alice.ok('seek:create', PUBLIC);
    const left = await dora.ok('seek:create', { ...PUBLIC, color: 'black' });

    // A quick reconnect keeps the seek. Dora, gone since just after Alice left, proves the grace is over.
    const doraGone = carol.next('lobby:seekRemoved', (r) => r.seekId === left.seek.id);
    alice.close();
    dora.close();
    await sleep(50); // the server sees Alice leave before she comes back
    const back = await Client.connect(server, { token: alice.session.token });
    await doraGone;
    expect(carol.received('lobby:seekRemoved')).toEqual([{ seekId: left.seek.id }]);
    expect((await carol.ok('lobby:subscribe', {})).seeks.map((s: Seek) => s.id)).toEqual([kept.seek.id]);

    const removed = carol.next('lobby:seekRemoved');
    back.close();
    expect(await removed).toEqual({ seekId: kept.seek.id });
    expect((await carol.ok('lobby:subscribe', {})).seeks).toEqual([]);
  });

  it('seeks left behind by a node that went away are swept after the grace period', async () => {
    const store = createMemoryStore();
    const first = await startServer({ store, seekGraceMs: 100 });
    const alice = await Client.connect(first);
    const { seek } = await alice.ok('seek:create', PUBLIC);
    await first.app.close(); // a restart: no disconnect bookkeeping runs

    const second = await startServer({ store, seekGraceMs: 100 });
    const carol = await Client.connect(second);
    expect((await carol.ok('lobby:subscribe', {})).seeks.map((s: Seek) => s.id)).toEqual([seek.id]);
    expect(await carol.next('lobby:seekRemoved', () => true, 2000)).toEqual({ seekId: seek.id });
    await store.close();
  });
});
