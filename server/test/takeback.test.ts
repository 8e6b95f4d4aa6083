import { describe, expect, it } from 'vitest';
import { Client, createGame, manualClock, playMoves, startServer } from './helpers.js';
import type { CreateGameOptions } from '../src/services/game-service.js';

const FISCHER_10_2 = { kind: 'fischer', initial: 10, increment: 2 } as const;

async function game(opts: Partial<Omit<CreateGameOptions, 'white' | 'black'>> = {}) {
  const clock = manualClock();
  const server = await startServer({ now: clock.now, firstMoveGraceMs: 30_000 });
  const [white, black, watcher] = await Promise.all([Client.connect(server), Client.connect(server), Client.connect(server)]);
  const gameId = await createGame(server, white, black, { variant: 'scottish', timeControl: FISCHER_10_2, ...opts });
  for (const c of [white, black, watcher]) await c.ok('game:join', { gameId });
  return { clock, server, white, black, watcher, gameId };
}

describe('takebacks', () => {
  it('takes back a series in progress, then the opponent\'s last series, restoring the clocks of each turn start', async () => {
    const { clock, server, white, black, watcher, gameId } = await game();
    let v = await playMoves(white, gameId, 1, ['e2e4']);
    clock.advance(3000);
    v = await playMoves(black, gameId, v, ['e7e5']);
    clock.advance(1000);
    v = await playMoves(black, gameId, v, ['g8f6']);
    // turn 3 starts: White 10 s + 2 s, Black 10 s - 1 s + 2 x 2 s
    clock.advance(2000);
    v = await playMoves(white, gameId, v, ['d2d4']);
    expect(v).toBe(5);
    clock.advance(1000);

    const offered = watcher.next('game:event', (e) => e.event.type === 'takeback-offer');
    const offer = await white.ok('game:takebackOffer', { gameId });
    expect((await offered).event).toEqual({ type: 'takeback-offer', by: 'white' });
    expect((await white.ok('game:takebackOffer', { gameId })).version).toBe(offer.version); // repeating changes nothing
    expect(await white.send('game:takebackAccept', { gameId })).toMatchObject({ ok: false, code: 'no-takeback-offer' });
    expect(await black.send('game:takebackOffer', { gameId })).toMatchObject({ ok: false, code: 'takeback-not-allowed' });
    expect((await black.ok('game:resync', { gameId })).snapshot.takebackOffer).toBe('white');

    const takenBack = watcher.next('game:event', (e) => e.event.type === 'takeback');
    const accepted = await black.ok('game:takebackAccept', { gameId });
    expect(accepted.event).toMatchObject({ type: 'takeback', by: 'white', turn: 3, moves: 3 });
    expect((await takenBack).version).toBe(accepted.version);
    let s = (await watcher.ok('game:resync', { gameId })).snapshot;
    expect(s.moves.map((m) => m.uci)).toEqual(['e2e4', 'e7e5', 'g8f6']);
    expect(s.clocks).toMatchObject({ white: 12_000, black: 13_000, running: 'white', serverNow: clock.now() });
    expect(s.takebackOffer).toBeNull();
    expect(s.state).toBe((accepted.event as { state: string }).state);

    // White plays on; at the start of its turn 4 Black asks back its series 2 (White's series 3 goes too)
    await playMoves(white, gameId, accepted.version, ['c2c4', 'b1c3', 'g1f3']);
    clock.advance(500);
    await black.ok('game:takebackOffer', { gameId });
    const back = await white.ok('game:takebackAccept', { gameId });
    expect(back.event).toMatchObject({ type: 'takeback', by: 'black', turn: 2, moves: 1 });
    s = (await watcher.ok('game:resync', { gameId })).snapshot;
    expect(s.moves.map((m) => m.uci)).toEqual(['e2e4']);
    // Black had not moved before turn 2: its clock waits for its first move again
    expect(s.clocks).toMatchObject({ white: 12_000, black: 10_000, running: null });
    expect(s.clocks.firstMoveBy).toBe(clock.now() + 30_000);
    // the game goes on from there, and its PGN is the line played
    v = await playMoves(black, gameId, back.version, ['d7d5', 'c8g4']);
    const res = await fetch(`${server.url}/api/games/${gameId}/pgn`);
    const movetext = (await res.text()).split('\n\n').at(-1) ?? '';
    expect(movetext.trim()).toBe('1.e4 2.d5 Bg4 *');
    expect(v).toBeGreaterThan(back.version);
  });

  it('an offer lapses with the next move; a declined one is gone; offers during the opponent\'s series', async () => {
    const { white, black, watcher, gameId } = await game({ timeControl: { kind: 'none' } });
    let v = await playMoves(white, gameId, 1, ['e2e4']);
    v = await playMoves(black, gameId, v, ['e7e5']);
    // White offers during Black's series: Black's move makes it lapse
    await white.ok('game:takebackOffer', { gameId });
    v = await playMoves(black, gameId, v + 1, ['g8f6']);
    expect((await watcher.ok('game:resync', { gameId })).snapshot.takebackOffer).toBeNull();
    expect(await black.send('game:takebackAccept', { gameId })).toMatchObject({ ok: false, code: 'no-takeback-offer' });
    // offered during White's turn by Black, declined
    await black.ok('game:takebackOffer', { gameId });
    const declined = watcher.next('game:event', (e) => e.event.type === 'takeback-declined');
    await white.ok('game:takebackDecline', { gameId });
    expect((await declined).event).toEqual({ type: 'takeback-declined', by: 'white' });
    expect(await white.send('game:takebackDecline', { gameId })).toMatchObject({ ok: false, code: 'no-takeback-offer' });
    // offered during the opponent's series and granted: its moves go too
    v = await playMoves(white, gameId, v + 2, ['d2d4', 'c2c4', 'b1c3']);
    await playMoves(black, gameId, v, ['d7d5']);
    await white.ok('game:takebackOffer', { gameId });
    const r = await black.ok('game:takebackAccept', { gameId });
    expect(r.event).toMatchObject({ type: 'takeback', by: 'white', turn: 3, moves: 3 });
    expect((await watcher.ok('game:resync', { gameId })).snapshot.moves).toHaveLength(3);
  });

  it('cost variant: the pass that ended a series taken back goes with it; one before the takeback stays', async () => {
    const { server, white, black, watcher, gameId } = await game({ variant: 'cost', timeControl: { kind: 'none' } });
    let v = await playMoves(white, gameId, 1, ['e2e4']);
    v = await playMoves(black, gameId, v, ['e7e5']);
    v = await playMoves(white, gameId, v, ['d2d4']); // turn 3: 2 points, 1 used
    v = (await white.ok('game:endTurn', { gameId, version: v })).version;
    v = await playMoves(black, gameId, v, ['a7a6']); // turn 4: 2 points, 1 used
    v = (await black.ok('game:endTurn', { gameId, version: v })).version;
    await playMoves(white, gameId, v, ['c2c4']); // turn 5: 3 points
    // Black asks back its series 4 (and White's moves of 5): the pass that ended White's series 3 stays
    await black.ok('game:takebackOffer', { gameId });
    const r = await white.ok('game:takebackAccept', { gameId });
    expect(r.event).toMatchObject({ type: 'takeback', by: 'black', turn: 4, moves: 3 });
    // Black's 2 points are whole again: two pawn moves end its series
    v = await playMoves(black, gameId, r.version, ['b7b6', 'g7g6']);
    const stored = await server.app.services.games.load(gameId);
    expect((JSON.parse(stored.doc) as { passes: number[] }).passes).toEqual([3]);
    const movetext = (await (await fetch(`${server.url}/api/games/${gameId}/pgn`)).text()).split('\n\n').at(-1) ?? '';
    expect(movetext.trim()).toBe('1.e4 2.e5 3.d4 4.b6 g6 *');
    expect((await watcher.ok('game:resync', { gameId })).snapshot.version).toBe(v);
  });

  it('is refused in a rated game, before one\'s first series, and after the end', async () => {
    const rated = await game({ rated: true });
    await playMoves(rated.white, rated.gameId, 1, ['e2e4']);
    expect(await rated.white.send('game:takebackOffer', { gameId: rated.gameId })).toMatchObject({ ok: false, code: 'takeback-not-allowed' });

    const casual = await game();
    expect(await casual.black.send('game:takebackOffer', { gameId: casual.gameId })).toMatchObject({ ok: false, code: 'takeback-not-allowed' });
    expect(await casual.white.send('game:takebackOffer', { gameId: casual.gameId })).toMatchObject({ ok: false, code: 'takeback-not-allowed' });
    await playMoves(casual.white, casual.gameId, 1, ['e2e4']);
    await casual.black.ok('game:resign', { gameId: casual.gameId });
    expect(await casual.white.send('game:takebackOffer', { gameId: casual.gameId })).toMatchObject({ ok: false, code: 'game-over' });
    expect(await casual.watcher.send('game:takebackOffer', { gameId: casual.gameId })).toMatchObject({ ok: false, code: 'not-a-player' });
  });

  it('tells the lobby the turn went back (a summary with more takebacks is newer)', async () => {
    const { white, black, watcher, gameId } = await game({ timeControl: { kind: 'none' } });
    await watcher.ok('lobby:subscribe', {});
    let v = await playMoves(white, gameId, 1, ['e2e4']);
    v = await playMoves(black, gameId, v, ['e7e5', 'g8f6']);
    await black.ok('game:takebackOffer', { gameId });
    const listed = watcher.next('lobby:gameUpdated', (g) => g.id === gameId && g.takebacks === 1);
    await white.ok('game:takebackAccept', { gameId });
    expect(await listed).toMatchObject({ turn: 2, takebacks: 1 });
    expect(v).toBe(4);
  });
});
