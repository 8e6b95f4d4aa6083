import type { GameEvent } from '@progressive-chess/shared';
import { describe, expect, it } from 'vitest';
import { Client, createGame, startServer } from './helpers.js';

// Italian: a check is legal only as the last move of a full series.
// 1.e4 2.f6 g5 3.a3 a4 Qh5# (the queen's check ends White's full series of three and mates).
const WHITE_1 = ['e2e4'];
const BLACK_2 = ['f7f6', 'g7g5'];
const WHITE_3 = ['a2a3', 'a3a4', 'd1h5'];

describe('Italian game to checkmate', () => {
  it('broadcasts every move of a series at once, in order, to a spectator', async () => {
    const server = await startServer();
    const [white, black, watcher] = await Promise.all([Client.connect(server), Client.connect(server), Client.connect(server)]);
    const gameId = await createGame(server, white, black);
    const joinW = await white.ok('game:join', { gameId });
    expect(joinW.seat).toBe('white');
    expect((await black.ok('game:join', { gameId })).seat).toBe('black');
    const seen = await watcher.ok('game:join', { gameId });
    expect(seen.seat).toBe('spectator');
    expect(seen.snapshot.version).toBe(1);
    expect(seen.snapshot.status).toBe('playing');

    let version = seen.snapshot.version;
    const playSeries = async (player: Client, moves: string[]) => {
      for (const move of moves) {
        const arrived = watcher.next('game:event', (e) => e.event.type === 'move' && e.event.uci === move);
        const ack = await player.ok('game:move', { gameId, version, move });
        expect(ack.version).toBe(version + 1);
        version = ack.version;
        // The spectator has this move before the series goes on.
        const e = await arrived;
        expect(e.version).toBe(version);
        expect(e.event).toMatchObject({ type: 'move', uci: move });
        expect(e.event).not.toHaveProperty('outcome');
      }
    };
    await playSeries(white, WHITE_1);
    // Italian refuses a premature check and a move out of turn, and changes nothing.
    expect(await white.send('game:move', { gameId, version, move: 'd2d4' })).toMatchObject({ ok: false, code: 'not-your-turn' });
    await playSeries(black, BLACK_2);
    await playSeries(white, WHITE_3.slice(0, 2));
    const final = watcher.next('game:event', (e) => e.event.type === 'move' && e.event.outcome !== undefined);
    expect((await white.ok('game:move', { gameId, version, move: 'd1h5' })).version).toBe(7);
    const last = await final;
    expect(last.event).toMatchObject({ type: 'move', uci: 'd1h5', outcome: { result: '1-0', reason: 'checkmate' } });

    const moves = watcher.received('game:event').filter((e: GameEvent) => e.event.type === 'move');
    expect(moves.map((e) => e.version)).toEqual([2, 3, 4, 5, 6, 7]);
    expect(moves.map((e) => (e.event.type === 'move' ? e.event.uci : ''))).toEqual([...WHITE_1, ...BLACK_2, ...WHITE_3]);

    const snap = (await watcher.ok('game:resync', { gameId })).snapshot;
    expect(snap.status).toBe('finished');
    expect(snap.version).toBe(7);
    // the records, as the server logged them and as every client makes them from the events
    expect(snap.moves.map((m) => m.san)).toEqual(['e4', 'f6', 'g5', 'a3', 'a4', 'Qh5#']);
    expect(snap.moves.map((m) => m.turn)).toEqual([1, 2, 2, 3, 3, 3]);
    expect(snap.moves.map((m) => m.index)).toEqual([1, 1, 2, 1, 2, 3]);
    expect(snap.moves.map((m) => m.turnEnded)).toEqual([true, false, true, false, false, true]);
    expect(await black.send('game:move', { gameId, version: 7, move: 'e8f7' })).toMatchObject({ ok: false, code: 'game-over' });
  });
});
