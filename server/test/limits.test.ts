import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, limitsFromEnv } from '../src/limits.js';
import { createMemoryStore } from '../src/store/memory-store.js';
import { CLOSED_INVITES_KEPT_MS } from '../src/store/store.js';
import { Client, createGame, manualClock, startServer } from './helpers.js';

const SEEK = { variant: 'scottish', timeControl: { kind: 'fischer', initial: 300, increment: 5 }, color: 'white', visibility: 'public' } as const;
const PRIVATE = { ...SEEK, visibility: 'private' } as const;
const other = (initial: number) => ({ ...SEEK, timeControl: { kind: 'fischer', initial, increment: 5 } }) as const;

describe('limits per player', () => {
  it('caps open seeks per player and returns the open seek when the same one is created again', async () => {
    const server = await startServer({ limits: { maxSeeksPerPlayer: 2 }, publicUrl: 'https://chess.example' });
    const [alice, bob, carol] = await Promise.all([Client.connect(server), Client.connect(server), Client.connect(server)]);
    await carol.ok('lobby:subscribe', {});
    const first = await alice.ok('seek:create', PRIVATE);
    const again = await alice.ok('seek:create', PRIVATE);
    expect(again.seek).toEqual(first.seek);
    expect(again.inviteUrl).toBe(first.inviteUrl);
    expect(again.inviteUrl).toBe(`https://chess.example/invite/${first.seek.inviteCode}`);
    const pub = await alice.ok('seek:create', SEEK);
    expect((await alice.ok('seek:create', SEEK)).seek.id).toBe(pub.seek.id);
    await carol.settle();
    expect(carol.received('lobby:seekAdded').map((s) => s.id)).toEqual([pub.seek.id]); // announced once
    expect(await alice.send('seek:create', other(600))).toMatchObject({ ok: false, code: 'too-many-seeks' });
    // other players are not affected; the lobby shows one entry of alice's
    await bob.ok('seek:create', other(600));
    const lobby = await carol.ok('lobby:subscribe', {});
    expect(lobby.seeks.filter((s) => s.creator.id === alice.id).map((s) => s.id)).toEqual([pub.seek.id]);
    // a seek that is gone frees its place
    await alice.ok('seek:cancel', { seekId: pub.seek.id });
    await alice.ok('seek:create', other(600));
  });

  it('bounds the lobby answer', async () => {
    const server = await startServer({ limits: { lobbyListed: 3 } });
    const players = await Promise.all(Array.from({ length: 5 }, () => Client.connect(server)));
    const made = [];
    for (const p of players) made.push((await p.ok('seek:create', SEEK)).seek.id);
    const { seeks } = await players[0]!.ok('lobby:subscribe', {});
    expect(seeks.map((s) => s.id)).toEqual(made.slice(2));
  });

  it('lets a private seek be taken with its code only, and never lists its game', async () => {
    const server = await startServer();
    const [alice, bob, carol] = await Promise.all([Client.connect(server), Client.connect(server), Client.connect(server)]);
    await carol.ok('lobby:subscribe', {});
    const { seek } = await alice.ok('seek:create', PRIVATE);
    expect(await bob.send('seek:accept', { seekId: seek.id })).toMatchObject({ ok: false, code: 'unknown-seek' });
    const { gameId } = await bob.ok('seek:accept', { code: seek.inviteCode ?? '' });
    await alice.ok('game:move', { gameId, version: 1, move: 'e2e4' });
    expect((await carol.ok('lobby:subscribe', {})).games).toEqual([]);
    await bob.ok('game:resign', { gameId });
    const events = carol.events.map((e) => e.name).filter((n) => n.startsWith('lobby:game'));
    expect(events).toEqual([]);
    // a public game is listed (the check above could fail)
    const pub = await alice.ok('seek:create', SEEK);
    const listed = carol.next('lobby:gameAdded');
    const g2 = await bob.ok('seek:accept', { seekId: pub.seek.id });
    expect((await listed).id).toBe(g2.gameId);
  });

  it('caps games in progress per player; a finished game frees its place', async () => {
    const server = await startServer({ limits: { maxGamesPerPlayer: 1 } });
    const [alice, bob, carol] = await Promise.all([Client.connect(server), Client.connect(server), Client.connect(server)]);
    const s1 = await alice.ok('seek:create', SEEK);
    const { gameId } = await bob.ok('seek:accept', { seekId: s1.seek.id });
    const s2 = await alice.ok('seek:create', SEEK);
    expect(await carol.send('seek:accept', { seekId: s2.seek.id })).toMatchObject({ ok: false, code: 'too-many-games' });
    // the refused acceptance left the seek open
    expect((await carol.ok('lobby:subscribe', {})).seeks.map((s) => s.id)).toEqual([s2.seek.id]);
    const s3 = await carol.ok('seek:create', other(60));
    expect(await bob.send('seek:accept', { seekId: s3.seek.id })).toMatchObject({ ok: false, code: 'too-many-games' });
    await bob.ok('game:resign', { gameId });
    await carol.ok('seek:accept', { seekId: s2.seek.id });
  });

  it('a count left by a game that is gone (a node died before releasing it) is checked and released', async () => {
    const store = createMemoryStore();
    const server = await startServer({ store, limits: { maxGamesPerPlayer: 1 } });
    const [alice, bob] = await Promise.all([Client.connect(server), Client.connect(server)]);
    expect(await store.reserveGame('ghost', [alice.id], 1)).toEqual({ ok: true });
    const seek = await alice.ok('seek:create', SEEK);
    await bob.ok('seek:accept', { seekId: seek.seek.id });
    expect(await store.gamesOf(alice.id)).not.toContain('ghost');
    await store.close();
  });
});

describe('expiry', () => {
  it('invitations and public seeks expire', async () => {
    const clock = manualClock();
    const server = await startServer({ now: clock.now, limits: { inviteTtlMs: 10_000, seekTtlMs: 1000 } });
    const [alice, bob] = await Promise.all([Client.connect(server), Client.connect(server)]);
    const inv = await alice.ok('seek:create', PRIVATE);
    const pub = await alice.ok('seek:create', SEEK);
    const code = inv.seek.inviteCode ?? '';
    clock.advance(999);
    expect((await bob.ok('lobby:subscribe', {})).seeks).toHaveLength(1);
    clock.advance(1);
    expect((await bob.ok('lobby:subscribe', {})).seeks).toEqual([]);
    expect(await bob.send('seek:accept', { seekId: pub.seek.id })).toMatchObject({ ok: false, code: 'unknown-seek' });
    expect((await bob.ok('invite:get', { code })).seek.id).toBe(inv.seek.id);
    clock.advance(9000);
    expect(await bob.send('invite:get', { code })).toMatchObject({ ok: false, code: 'unknown-seek' });
    expect(await bob.send('seek:accept', { code })).toMatchObject({ ok: false, code: 'unknown-seek' });
    // the code of the closed invitation is remembered for a while, then unknown like any other
    clock.advance(CLOSED_INVITES_KEPT_MS - 1);
    expect(await bob.send('invite:get', { code })).toMatchObject({ ok: false, code: 'unknown-seek' });
    clock.advance(1);
    expect(await bob.send('invite:get', { code })).toMatchObject({ ok: false, code: 'unknown-invitation' });
    // expired seeks no longer count: creating the same seek again makes a new one
    expect((await alice.ok('seek:create', PRIVATE)).seek.id).not.toBe(inv.seek.id);
  });

  it('anonymous players are forgotten after the TTL unless they come back', async () => {
    const clock = manualClock();
    const store = createMemoryStore({ now: clock.now });
    const server = await startServer({ store, now: clock.now, limits: { playerTtlMs: 1000 } });
    const alice = await Client.connect(server, { name: 'Alice' });
    const { token } = alice.session;
    clock.advance(800);
    expect((await Client.connect(server, { token })).session.name).toBe('Alice');
    clock.advance(800); // 1600 after creation, 800 after the last visit
    expect((await Client.connect(server, { token })).session.playerId).toBe(alice.id);
    clock.advance(1000);
    await expect(Client.connect(server, { token })).rejects.toMatchObject({ data: { code: 'bad-token' } });
    await store.close();
  });

  it('a new player that never comes back is forgotten after NEW_PLAYER_TTL; one seen again or holding a seek is kept', async () => {
    const clock = manualClock();
    const store = createMemoryStore({ now: clock.now });
    const server = await startServer({ store, now: clock.now, limits: { playerTtlMs: 10_000, newPlayerTtlMs: 1000 } });
    const [once, back, seeker] = await Promise.all([Client.connect(server, { name: 'Once' }), Client.connect(server, { name: 'Back' }), Client.connect(server, { name: 'Seeker' })]);
    await seeker.ok('seek:create', PRIVATE);
    clock.advance(800);
    await Client.connect(server, { token: back.session.token }); // seen again
    clock.advance(700); // 1500 after their first handshake
    await expect(Client.connect(server, { token: once.session.token })).rejects.toMatchObject({ data: { code: 'bad-token' } });
    expect((await Client.connect(server, { token: back.session.token })).session.name).toBe('Back');
    expect((await Client.connect(server, { token: seeker.session.token })).session.name).toBe('Seeker');
    await store.close();
  });

  it('an untimed game without a change for too long is aborted, then deleted', async () => {
    const clock = manualClock();
    const store = createMemoryStore({ now: clock.now });
    const limits = { abandonAfterMs: 10_000, abortedRetentionMs: 5000 };
    const server = await startServer({ store, now: clock.now, limits });
    const [alice, bob] = await Promise.all([Client.connect(server), Client.connect(server)]);
    const gameId = await createGame(server, alice, bob, { timeControl: { kind: 'none' } });
    await alice.ok('game:join', { gameId });
    clock.advance(1000);
    // A canary without any move: abandoned at 11 s, after the game's first deadline (10 s) would have passed.
    const canary = await createGame(server, alice, bob, { timeControl: { kind: 'none' } });
    await alice.ok('game:join', { gameId: canary });
    clock.advance(5000);
    await alice.ok('game:move', { gameId, version: 1, move: 'e2e4' }); // activity: 10 s from now
    const canaryOver = alice.next('game:event', (e) => e.gameId === canary && e.event.type === 'game-over');
    clock.advance(6000);
    // The deadline worker has looked at the games at 12 s (it aborted the canary): the game that moved is still on.
    await canaryOver;
    expect((await store.loadGameHead(gameId))?.version).toBe(2);
    const over = alice.next('game:event', (e) => e.gameId === gameId && e.event.type === 'game-over');
    clock.advance(4000);
    expect((await over).event).toMatchObject({ type: 'game-over', outcome: { result: null, reason: 'aborted' } });
    expect(await store.listActiveGames(10)).toEqual([]);
    clock.advance(4999);
    expect(await store.loadGameHead(gameId)).not.toBeNull();
    clock.advance(1);
    expect(await store.loadGame(gameId)).toBeNull();
    expect(await bob.send('game:join', { gameId })).toMatchObject({ ok: false, code: 'unknown-game' });
    await store.close();
  });
});

describe('limits from the environment', () => {
  it('reads positive integers, durations in seconds, and refuses anything else', () => {
    expect(limitsFromEnv({})).toEqual({});
    expect(limitsFromEnv({ MAX_SEEKS_PER_PLAYER: '5', INVITE_TTL_SECONDS: '60', LOBBY_LISTED: '' })).toEqual({
      maxSeeksPerPlayer: 5,
      inviteTtlMs: 60_000,
    });
    expect(() => limitsFromEnv({ MAX_GAMES_PER_PLAYER: '0' })).toThrow(/MAX_GAMES_PER_PLAYER/);
    expect(() => limitsFromEnv({ PLAYER_TTL_SECONDS: '1.5' })).toThrow(/positive integer/);
    expect(DEFAULT_LIMITS.maxSeeksPerPlayer).toBeGreaterThan(0);
  });
});
