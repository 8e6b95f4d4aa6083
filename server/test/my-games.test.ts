import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../src/store/memory-store.js';
import { Client, startServer } from './helpers.js';

const CORRESPONDENCE = { kind: 'correspondence', daysPerTurn: 3 } as const;
const SEEK = { variant: 'scottish', timeControl: CORRESPONDENCE, color: 'white', visibility: 'public' } as const;

/** The fields that order the list (shared byUrgency): no deadline before the first move of these games. */
const AT_START = { deadline: null, createdAt: expect.any(Number) };

describe("a player's own games in progress in the lobby", () => {
  it('lists them, public and private, your turn first, to their player only; a finished or vanished game drops out', async () => {
    const store = createMemoryStore();
    const server = await startServer({ store });
    const [alice, bob, carol, dan] = await Promise.all(
      ['Alice', 'Bob', 'Carol', 'Dan'].map((name) => Client.connect(server, { name })),
    ) as [Client, Client, Client, Client];

    // A public game in which Alice (White) is to move, and a private one in which Carol is.
    const pub = await alice.ok('seek:create', SEEK);
    const { gameId: first } = await bob.ok('seek:accept', { seekId: pub.seek.id });
    const inv = await alice.ok('seek:create', { ...SEEK, variant: 'italian', visibility: 'private' });
    const { gameId: second } = await carol.ok('seek:accept', { code: inv.seek.inviteCode ?? '' });
    await alice.ok('game:move', { gameId: second, version: 1, move: 'e2e4' });
    // A reservation whose game is gone is left out, never an error.
    await store.reserveGame('vanished', [alice.id], 10);

    const mine = (await alice.ok('lobby:subscribe', {})).myGames;
    expect(mine).toEqual([
      { id: first, variant: 'scottish', timeControl: CORRESPONDENCE, color: 'white', opponent: 'Bob', turn: 1, ...AT_START, yourTurn: true },
      { id: second, variant: 'italian', timeControl: CORRESPONDENCE, color: 'white', opponent: 'Carol', turn: 2, ...AT_START, yourTurn: false, private: true },
    ]);
    expect((await alice.ok('lobby:myGames', {})).myGames).toEqual(mine);
    expect((await bob.ok('lobby:subscribe', {})).myGames).toEqual([
      { id: first, variant: 'scottish', timeControl: CORRESPONDENCE, color: 'black', opponent: 'Alice', turn: 1, ...AT_START, yourTurn: false },
    ]);
    expect((await carol.ok('lobby:myGames', {})).myGames).toMatchObject([{ id: second, color: 'black', yourTurn: true, private: true }]);
    expect((await dan.ok('lobby:subscribe', {})).myGames).toEqual([]);
    // The private game is still not listed among the games in progress.
    expect((await dan.ok('lobby:subscribe', {})).games.map((g) => g.id)).toEqual([first]);

    // Bob resigns: the game leaves both players' lists.
    await bob.ok('game:resign', { gameId: first });
    expect((await alice.ok('lobby:myGames', {})).myGames.map((g) => g.id)).toEqual([second]);
    expect((await bob.ok('lobby:myGames', {})).myGames).toEqual([]);
  });

  it('counts a game against the computer', async () => {
    const server = await startServer();
    const alice = await Client.connect(server, { name: 'Alice' });
    const { gameId } = await alice.ok('bot:play', { variant: 'scottish', timeControl: { kind: 'none' }, color: 'white', level: 1 });
    expect((await alice.ok('lobby:myGames', {})).myGames).toEqual([
      { id: gameId, variant: 'scottish', timeControl: { kind: 'none' }, color: 'white', opponent: 'Computer (level 1)', turn: 1, ...AT_START, yourTurn: true, bot: true },
    ]);
  });

  it("pushes each change of a player's games to every connection of theirs that shows the lobby: start, turn changes (not moves within a series), the end", async () => {
    // sent with the lobby's batches (coalesced per player and game)
    const server = await startServer({ lobbyBatchMs: 50 });
    const [alice, carol, dan] = await Promise.all(['Alice', 'Carol', 'Dan'].map((name) => Client.connect(server, { name }))) as [Client, Client, Client];
    // Alice's other tab shows the lobby: it hears of her games; this one (her game page) does not
    const aliceTab = await Client.connect(server, { token: alice.session.token });
    await Promise.all([aliceTab, carol, dan].map((c) => c.ok('lobby:subscribe', {})));
    // A private game: no lobby event tells anyone of its turns.
    const inv = await alice.ok('seek:create', { ...SEEK, visibility: 'private' });
    const started = aliceTab.next('lobby:myGameUpdated');
    const { gameId } = await carol.ok('seek:accept', { code: inv.seek.inviteCode ?? '' });
    expect(await started).toEqual({ id: gameId, variant: 'scottish', timeControl: CORRESPONDENCE, color: 'white', opponent: 'Carol', turn: 1, ...AT_START, yourTurn: true, private: true });

    const toCarol = aliceTab.next('lobby:myGameUpdated', (g) => g.turn === 2);
    const carolTold = carol.next('lobby:myGameUpdated', (g) => g.turn === 2);
    let v = (await alice.ok('game:move', { gameId, version: 1, move: 'e2e4' })).version;
    expect(await toCarol).toMatchObject({ id: gameId, turn: 2, yourTurn: false });
    expect(await carolTold).toMatchObject({ id: gameId, color: 'black', turn: 2, yourTurn: true });
    // Black's first move of two: the turn does not change, nobody hears anything
    v = (await carol.ok('game:move', { gameId, version: v, move: 'e7e5' })).version;
    const turn3 = aliceTab.next('lobby:myGameUpdated', (g) => g.turn === 3);
    const carolTurn3 = carol.next('lobby:myGameUpdated', (g) => g.turn === 3);
    await carol.ok('game:move', { gameId, version: v, move: 'd7d6' });
    expect(await turn3).toMatchObject({ id: gameId, turn: 3, yourTurn: true });
    expect(await carolTurn3).toMatchObject({ id: gameId, turn: 3, yourTurn: false });
    expect(aliceTab.received('lobby:myGameUpdated').map((g) => g.turn)).toEqual([1, 2, 3]);
    expect(carol.received('lobby:myGameUpdated').map((g) => g.turn)).toEqual([1, 2, 3]);

    const ended = Promise.all([aliceTab.next('lobby:myGameRemoved'), carol.next('lobby:myGameRemoved')]);
    await carol.ok('game:resign', { gameId });
    expect(await ended).toEqual([{ gameId }, { gameId }]);
    for (const c of [dan, alice]) {
      expect(c.received('lobby:myGameUpdated')).toEqual([]);
      expect(c.received('lobby:myGameRemoved')).toEqual([]);
    }
  });
});
