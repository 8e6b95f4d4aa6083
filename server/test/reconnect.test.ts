import { decodeState } from '@progressive-chess/shared';
import { describe, expect, it } from 'vitest';
import { Client, createGame, playMoves, startServer, gameWithPlayers } from './helpers.js';

describe('reconnection and presence', () => {
  it('a player reconnecting mid-series resumes from the snapshot and finishes the series', async () => {
    const { server, white, black, gameId } = await gameWithPlayers({ game: { variant: 'italian' } });
    let v = await playMoves(white, gameId, 1, ['e2e4']);
    v = await playMoves(black, gameId, v, ['f7f6', 'g7g5']);
    v = await playMoves(white, gameId, v, ['a2a3']);

    const offline = black.next('game:presence', (p) => !p.online);
    white.close();
    expect(await offline).toEqual({ gameId, color: 'white', online: false, version: expect.any(Number) });
    expect((await black.ok('game:resync', { gameId })).snapshot.players.white.online).toBe(false);

    const online = black.next('game:presence', (p) => p.online);
    const back = await Client.connect(server, { token: white.session.token });
    expect(back.id).toBe(white.id);
    const { snapshot, seat } = await back.ok('game:join', { gameId });
    expect(await online).toEqual({ gameId, color: 'white', online: true, version: expect.any(Number) });
    expect(seat).toBe('white');
    expect(snapshot.version).toBeGreaterThanOrEqual(v);
    expect(snapshot.players.white.online).toBe(true);
    const state = decodeState(snapshot.state);
    if (!state.ok) throw new Error(state.error.message);
    expect(state.value).toMatchObject({ turn: 3, color: 'white', moveIndex: 1 });

    v = await playMoves(back, gameId, snapshot.version, ['a3a4', 'd1h5']);
    const end = (await black.ok('game:resync', { gameId })).snapshot;
    expect(end.outcome).toEqual({ result: '1-0', reason: 'checkmate' });
    expect(end.version).toBe(v);
  });

  it('a resync from a new connection puts the socket back in the room, so it receives later moves', async () => {
    const server = await startServer();
    const [white, black] = await Promise.all([Client.connect(server), Client.connect(server)]);
    const gameId = await createGame(server, white, black, { variant: 'scottish' });
    await white.ok('game:join', { gameId });
    const v = await playMoves(white, gameId, 1, ['e2e4']);
    const fresh = await Client.connect(server, { token: black.session.token });
    const { snapshot, seat } = await fresh.ok('game:resync', { gameId });
    expect(seat).toBe('black');
    expect(snapshot.version).toBe(v);
    const seen = white.next('game:event', (e) => e.version === v + 1);
    // its own moves come back in their acks; White's next one as an event of the room
    const v2 = await playMoves(fresh, gameId, v, ['e7e5', 'd7d6']);
    const later = fresh.next('game:event', (e) => e.version === v2 + 1);
    await playMoves(white, gameId, v2, ['g1f3']);
    expect((await seen).event.type).toBe('move');
    expect((await later).event).toMatchObject({ type: 'move', uci: 'g1f3' });
  });

  it('counts distinct spectators across joins and leaves', async () => {
    const server = await startServer();
    const [white, black, a, b] = await Promise.all([1, 2, 3, 4].map(() => Client.connect(server)));
    if (!white || !black || !a || !b) throw new Error('clients');
    const gameId = await createGame(server, white, black);
    await white.ok('game:join', { gameId });
    const two = white.next('game:spectators', (p) => p.count === 2);
    await a.ok('game:join', { gameId });
    await b.ok('game:join', { gameId });
    expect(await two).toEqual({ gameId, count: 2, version: expect.any(Number) });
    // counts are batched per room: a snapshot carries the room's last count
    expect((await b.ok('game:resync', { gameId })).snapshot.spectators).toBe(2);
    // A second tab of the same spectator does not count twice.
    const aAgain = await Client.connect(server, { token: a.session.token });
    await aAgain.ok('game:join', { gameId });
    await server.app.services.rooms.flushPresence();
    expect((await aAgain.ok('game:resync', { gameId })).snapshot.spectators).toBe(2);
    const one = white.next('game:spectators', (p) => p.count === 1);
    await b.ok('game:leave', { gameId });
    expect((await one).count).toBe(1);
    const none = white.next('game:spectators', (p) => p.count === 0);
    a.close();
    aAgain.close();
    expect((await none).count).toBe(0);
  });

  it('setName renames the player for later games and sessions', async () => {
    const server = await startServer();
    const c = await Client.connect(server, { name: 'Alice' });
    expect(c.session.name).toBe('Alice');
    expect(await c.ok('session:setName', { name: '  Bob  ' })).toMatchObject({ name: 'Bob' });
    const again = await Client.connect(server, { token: c.session.token });
    expect(again.session).toEqual({ playerId: c.id, token: c.session.token, name: 'Bob' });
  });
});
