import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../src/store/memory-store.js';
import { StoreUnavailableError, type Store } from '../src/store/store.js';
import { Client, createGame, manualClock, playMoves, startServer, gameWithPlayers } from './helpers.js';

const CLAIM_MS = 5_000;

/** Both sides complete a turn (1. e4 2. e5 Nf6): the game has really started, claims are open. */
async function firstTurns(white: Client, black: Client, gameId: string): Promise<number> {
  const v = await playMoves(white, gameId, 1, ['e2e4']);
  return playMoves(black, gameId, v, ['e7e5', 'g8f6']);
}

/**
 * A game between two joined players, really started unless `started` is false; Black then closes
 * the tab. White's page learns when it may claim.
 */
async function blackLeaves(game: Parameters<typeof createGame>[3] = {}, started = true) {
  const clock = manualClock();
  const deps = { now: clock.now, presenceBatchMs: 30, limits: { claimAfterMs: CLAIM_MS } };
  const { server, white, black, others, gameId } = await gameWithPlayers({ deps, game, others: 1 });
  const carol = others[0]!;
  await white.next('game:presence', (p) => p.color === 'black' && p.online);
  const version = started ? await firstTurns(white, black, gameId) : 1;
  const left = white.next('game:event', (e) => e.event.type === 'absence' && e.event.absence.black !== null);
  black.close();
  const e = await left;
  return { clock, server, white, black, carol, gameId, event: e, version };
}

describe('a player who leaves can be claimed against', () => {
  it('the present player sees when it may claim, is refused before, and wins after (opponent-left)', async () => {
    const { clock, white, carol, gameId, event } = await blackLeaves({ timeControl: { kind: 'fischer', initial: 600, increment: 5 } });
    const since = clock.now();
    expect(event.event).toEqual({ type: 'absence', absence: { white: null, black: { since, claimFrom: since + CLAIM_MS } } });
    expect((await white.ok('game:resync', { gameId })).snapshot.absence).toEqual({ white: null, black: { since, claimFrom: since + CLAIM_MS } });
    expect(await white.send('game:claimVictory', { gameId })).toMatchObject({ ok: false, code: 'opponent-present' });
    clock.advance(CLAIM_MS);
    await carol.ok('game:join', { gameId });
    expect(await carol.send('game:claimVictory', { gameId })).toMatchObject({ ok: false, code: 'not-a-player' });
    const won = await white.ok('game:claimVictory', { gameId });
    expect(won.event).toMatchObject({ type: 'game-over', outcome: { result: '1-0', reason: 'opponent-left' } });
    expect((await carol.ok('game:resync', { gameId })).snapshot.outcome).toEqual({ result: '1-0', reason: 'opponent-left' });
  });

  it('a draw may be claimed instead; a returning opponent makes claims refused again', async () => {
    const { clock, server, white, black, gameId } = await blackLeaves();
    clock.advance(CLAIM_MS);
    const back = await Client.connect(server, { token: black.session.token });
    const returned = white.next('game:event', (e) => e.event.type === 'absence' && e.event.absence.black === null);
    await back.ok('game:join', { gameId });
    await returned;
    expect(await white.send('game:claimDraw', { gameId })).toMatchObject({ ok: false, code: 'opponent-present' });
    const left = white.next('game:event', (e) => e.event.type === 'absence' && e.event.absence.black !== null);
    back.close();
    await left;
    clock.advance(CLAIM_MS);
    expect((await white.ok('game:claimDraw', { gameId })).event).toMatchObject({ outcome: { result: '1/2-1/2', reason: 'opponent-left' } });
  });

  it('is never possible in a correspondence game: the clock decides', async () => {
    const { clock, white, gameId, event } = await blackLeaves({ timeControl: { kind: 'correspondence', daysPerTurn: 1 } });
    expect(event.event).toMatchObject({ absence: { black: { claimFrom: null } } });
    clock.advance(CLAIM_MS * 100);
    expect(await white.send('game:claimVictory', { gameId })).toMatchObject({ ok: false, code: 'opponent-present' });
  });

  it('is not possible before the game has really started: the present player may abort it instead', async () => {
    const { clock, white, gameId } = await blackLeaves({}, false);
    clock.advance(CLAIM_MS);
    expect(await white.send('game:claimVictory', { gameId })).toMatchObject({ ok: false, code: 'too-early-to-claim' });
    expect(await white.send('game:claimDraw', { gameId })).toMatchObject({ ok: false, code: 'too-early-to-claim' });
    // White's own turn completed is not enough: Black has not completed one
    await playMoves(white, gameId, 2, ['e2e4']);
    expect(await white.send('game:claimVictory', { gameId })).toMatchObject({ ok: false, code: 'too-early-to-claim' });
    expect((await white.ok('game:abort', { gameId })).event).toMatchObject({ type: 'game-over', outcome: { result: null, reason: 'aborted' } });
  });

  it('opens once the present player completes the turn that really starts the game, the absent player still away', async () => {
    const clock = manualClock();
    const { white, black, gameId } = await gameWithPlayers({ deps: { now: clock.now, presenceBatchMs: 30, limits: { claimAfterMs: CLAIM_MS } } });
    await black.next('game:presence', (p) => p.color === 'white' && p.online);
    await playMoves(white, gameId, 1, ['e2e4']);
    const left = black.next('game:event', (e) => e.event.type === 'absence' && e.event.absence.white !== null);
    white.close();
    const e = await left;
    clock.advance(CLAIM_MS);
    expect(await black.send('game:claimVictory', { gameId })).toMatchObject({ ok: false, code: 'too-early-to-claim' });
    await playMoves(black, gameId, e.version, ['e7e5', 'g8f6']);
    expect((await black.ok('game:claimVictory', { gameId })).event).toMatchObject({ outcome: { result: '0-1', reason: 'opponent-left' } });
  });

  it('moves made at the version before a player left or came back are still current', async () => {
    const { white, gameId, event, version } = await blackLeaves({ variant: 'scottish' });
    expect(event.version).toBe(version + 1);
    expect((await white.ok('game:move', { gameId, version, move: 'd2d4' })).version).toBe(version + 2);
  });
});

describe('recording an absence', () => {
  it('a departure the store could not record (away) is recorded at the next count', async () => {
    const store = createMemoryStore();
    let failures = 0;
    const flaky = Object.create(store) as Store;
    flaky.commitGame = (id, v, w) => (failures-- > 0 ? Promise.reject(new StoreUnavailableError('away')) : store.commitGame(id, v, w));
    const { white, black } = await gameWithPlayers({ deps: { store: flaky, presenceBatchMs: 30 } });
    await white.next('game:presence', (p) => p.color === 'black' && p.online);
    const recorded = white.next('game:event', (e) => e.event.type === 'absence' && e.event.absence.black !== null);
    failures = 1;
    black.close();
    await recorded;
    expect(failures).toBeLessThan(0); // refused once, then committed
  });
});

describe('giving time', () => {
  it("adds 15 s to the opponent's clock in a live timed game, and is refused without a clock", async () => {
    const clock = manualClock();
    const server = await startServer({ now: clock.now });
    const [white, black] = await Promise.all([Client.connect(server), Client.connect(server)]);
    const timed = await createGame(server, white, black, { timeControl: { kind: 'fischer', initial: 60, increment: 0 } });
    const seen = white.next('game:event', (e) => e.gameId === timed && e.event.type === 'time-given');
    await white.ok('game:join', { gameId: timed });
    const given = await black.ok('game:giveTime', { gameId: timed });
    expect(given.event).toMatchObject({ type: 'time-given', by: 'black', clocks: { white: 75_000, black: 60_000 } });
    expect((await seen).event).toEqual(given.event);
    const untimed = await createGame(server, white, black);
    expect(await black.send('game:giveTime', { gameId: untimed })).toMatchObject({ ok: false, code: 'cannot-give-time' });
    const corr = await createGame(server, white, black, { timeControl: { kind: 'correspondence', daysPerTurn: 1 } });
    expect(await black.send('game:giveTime', { gameId: corr })).toMatchObject({ ok: false, code: 'cannot-give-time' });
  });

  it('never takes a clock above 3 hours', async () => {
    const server = await startServer();
    const [white, black] = await Promise.all([Client.connect(server), Client.connect(server)]);
    const gameId = await createGame(server, white, black, { timeControl: { kind: 'fischer', initial: 3 * 3600 - 20, increment: 0 } });
    await black.ok('game:giveTime', { gameId });
    expect(await black.send('game:giveTime', { gameId })).toMatchObject({ ok: false, code: 'cannot-give-time' });
  });
});
