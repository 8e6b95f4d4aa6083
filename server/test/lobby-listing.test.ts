import { describe, expect, it } from 'vitest';
import { Client, createGame, lobbyEventsOf, manualClock, playSideBySide, startServer, type TestServer } from './helpers.js';

const SEEK = { variant: 'scottish', timeControl: { kind: 'fischer', initial: 300, increment: 5 }, color: 'white' } as const;

/** A game started from a seek of `visibility` (an invitation is accepted with its code). */
async function seekGame(alice: Client, bob: Client, visibility: 'public' | 'private'): Promise<string> {
  const { seek } = await alice.ok('seek:create', { ...SEEK, visibility });
  const accept = seek.inviteCode === undefined ? { seekId: seek.id } : { code: seek.inviteCode };
  return (await bob.ok('seek:accept', accept)).gameId;
}

describe("a private game never reaches a stranger's lobby", () => {
  it('not at its start, room counts, spectators, turns, its end, nor its rematch (a public game beside it is heard)', async () => {
    const server = await startServer({ lobbyBatchMs: 0, presenceBatchMs: 20 });
    const [alice, bob, dan, stranger] = await Promise.all([1, 2, 3, 4].map(() => Client.connect(server)));
    if (!alice || !bob || !dan || !stranger) throw new Error('clients');
    await stranger.ok('lobby:subscribe', {});
    const added = stranger.next('lobby:gameAdded');
    const priv = await seekGame(alice, bob, 'private');
    const pub = await seekGame(alice, bob, 'public');
    expect((await added).id).toBe(pub);
    // room counts and a spectator, a turn, the end: heard for the public game only
    await playSideBySide({ alice, bob, dan, stranger }, priv, pub);
    // a rematch
    const again = stranger.next('lobby:gameAdded', (g) => g.id !== pub);
    await alice.ok('game:rematchOffer', { gameId: priv });
    const rematch = (await bob.ok('game:rematchAccept', { gameId: priv })).gameId;
    await alice.ok('game:rematchOffer', { gameId: pub });
    const pubRematch = (await bob.ok('game:rematchAccept', { gameId: pub })).gameId;
    expect((await again).id).toBe(pubRematch);
    await alice.ok('game:join', { gameId: rematch });
    const counted = stranger.next('lobby:gameUpdated', (g) => g.id === pubRematch);
    await alice.ok('game:join', { gameId: pubRematch });
    await counted;
    expect(lobbyEventsOf(stranger, priv)).toEqual([]);
    expect(lobbyEventsOf(stranger, rematch)).toEqual([]);
    expect((await stranger.ok('lobby:subscribe', {})).games.map((g) => g.id)).toEqual([pubRematch]);
  });

  it('a game against the computer is listed and heard like any public game', async () => {
    const server = await startServer({ lobbyBatchMs: 0 });
    const [alice, stranger] = await Promise.all([Client.connect(server), Client.connect(server)]);
    await stranger.ok('lobby:subscribe', {});
    const added = stranger.next('lobby:gameAdded');
    const { gameId } = await alice.ok('bot:play', { variant: 'scottish', timeControl: { kind: 'none' }, color: 'white', level: 1 });
    expect((await added).id).toBe(gameId);
  });
});

/** A server whose lobby hides games whose players all left 10 s ago (manual clock). */
async function awayServer(): Promise<{ server: TestServer; clock: ReturnType<typeof manualClock> }> {
  const clock = manualClock();
  const server = await startServer({ now: clock.now, presenceBatchMs: 20, lobbyBatchMs: 0, limits: { lobbyAwayMs: 10_000 } });
  return { server, clock };
}

describe('the lobby lists games someone plays', () => {
  it('a game whose two players have been away LOBBY_AWAY_SECONDS leaves the list, and comes back with one of them', async () => {
    const { server, clock } = await awayServer();
    const [white, black, stranger] = await Promise.all([1, 2, 3].map(() => Client.connect(server)));
    if (!white || !black || !stranger) throw new Error('clients');
    const gameId = await createGame(server, white, black);
    await stranger.ok('lobby:subscribe', {});
    await white.ok('game:join', { gameId });
    await black.ok('game:join', { gameId });
    // a spectator hears the game's absences once both departures are committed (the fact the listing reads)
    const watcher = await Client.connect(server);
    await watcher.ok('game:join', { gameId });
    const bothAway = watcher.next('game:event', (e) => e.event.type === 'absence' && e.event.absence.white !== null && e.event.absence.black !== null);
    await white.ok('game:leave', { gameId });
    await black.ok('game:leave', { gameId });
    await bothAway;
    expect((await stranger.ok('lobby:subscribe', {})).games.map((g) => g.id)).toEqual([gameId]);
    const removed = stranger.next('lobby:gameRemoved', (g) => g.gameId === gameId);
    clock.advance(10_000);
    await removed;
    expect((await stranger.ok('lobby:subscribe', {})).games).toEqual([]);
    const back = stranger.next('lobby:gameAdded', (g) => g.id === gameId);
    await black.ok('game:join', { gameId });
    await back;
    expect((await stranger.ok('lobby:subscribe', {})).games.map((g) => g.id)).toEqual([gameId]);
  });

  it('a game against the computer counts its person only', async () => {
    const { server, clock } = await awayServer();
    const [alice, stranger] = await Promise.all([Client.connect(server), Client.connect(server)]);
    await stranger.ok('lobby:subscribe', {});
    const { gameId } = await alice.ok('bot:play', { variant: 'scottish', timeControl: { kind: 'none' }, color: 'white', level: 1 });
    await alice.ok('game:join', { gameId });
    const watcher = await Client.connect(server);
    await watcher.ok('game:join', { gameId });
    await watcher.next('game:spectators', (p) => p.count === 1);
    const left = watcher.next('game:event', (e) => e.event.type === 'absence' && e.event.absence.white !== null);
    await alice.ok('game:leave', { gameId });
    await left;
    const removed = stranger.next('lobby:gameRemoved', (g) => g.gameId === gameId);
    clock.advance(10_000);
    await removed;
  });

  it('"N watching" is right after a lobby reload while someone watches, and after everyone has left', async () => {
    const server = await startServer({ presenceBatchMs: 20, lobbyBatchMs: 0 });
    const [white, black, dan, stranger] = await Promise.all([1, 2, 3, 4].map(() => Client.connect(server)));
    if (!white || !black || !dan || !stranger) throw new Error('clients');
    const gameId = await createGame(server, white, black);
    await stranger.ok('lobby:subscribe', {});
    const watched = stranger.next('lobby:gameUpdated', (g) => g.id === gameId && g.spectators === 1);
    await white.ok('game:join', { gameId });
    await dan.ok('game:join', { gameId });
    await watched;
    expect((await stranger.ok('lobby:subscribe', {})).games.find((g) => g.id === gameId)?.spectators).toBe(1);
    const gone = stranger.next('lobby:gameUpdated', (g) => g.id === gameId && g.spectators === 0);
    dan.close();
    white.close();
    await gone;
    expect((await stranger.ok('lobby:subscribe', {})).games.find((g) => g.id === gameId)?.spectators).toBe(0);
  });
});
