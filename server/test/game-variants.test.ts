import { hashEncodedState, type GameEvent } from '@progressive-chess/shared';
import { describe, expect, it } from 'vitest';
import { createGame, gameWithPlayers, playMoves } from './helpers.js';

async function pair(variant: Parameters<typeof createGame>[3] = {}) {
  return gameWithPlayers({ game: variant });
}

const ucis = (events: GameEvent[]) => events.flatMap((e) => (e.event.type === 'move' ? [e.event.uci] : []));

describe('short games in other variants', () => {
  it('Scottish: a check ends the series, and here it mates', async () => {
    const { white, black, gameId } = await pair({ variant: 'scottish' });
    let v = await playMoves(white, gameId, 1, ['e2e4']);
    v = await playMoves(black, gameId, v, ['f7f6', 'g7g5']);
    const mate = black.next('game:event', (e) => e.version === v + 1);
    await playMoves(white, gameId, v, ['d1h5']);
    const e = await mate;
    expect(e.event).toMatchObject({ type: 'move', uci: 'd1h5', outcome: { result: '1-0', reason: 'checkmate' } });
    // The event carries the move and the hash of the state after it, not the state itself.
    const after = (await black.ok('game:resync', { gameId })).snapshot;
    expect(e.event).toMatchObject({ hash: hashEncodedState(after.state) });
    expect(e.event).not.toHaveProperty('state');
    // Black's own moves reached its connection in their acks, not as events
    expect(ucis(black.received('game:event'))).toEqual(['e2e4', 'd1h5']);
    expect(after.moves.map((m) => m.san)).toEqual(['e4', 'f6', 'g5', 'Qh5#']);
  });

  it('English: democratic cycles refuse a piece moving twice in one cycle', async () => {
    const { white, black, gameId } = await pair({ variant: 'english' });
    let v = await playMoves(white, gameId, 1, ['e2e4']);
    v = await playMoves(black, gameId, v, ['e7e6', 'f7f6']);
    v = await playMoves(white, gameId, v, ['e4e5', 'f1a6']);
    expect(await white.send('game:move', { gameId, version: v, move: 'a6b7' })).toMatchObject({
      ok: false,
      code: 'cycle-piece-already-moved',
    });
    v = await playMoves(white, gameId, v, ['g1f3']);
    const s = (await black.ok('game:resync', { gameId })).snapshot;
    expect(s.moves.map((m) => m.san)).toEqual(['e4', 'e6', 'f6', 'e5', 'Ba6', 'Nf3']);
    expect(s.moves.at(-1)?.turnEnded).toBe(true);
    expect((await black.ok('game:resign', { gameId })).version).toBe(v + 1);
  });

  it('Cost: moves spend points, a turn may be passed, unaffordable moves are refused', async () => {
    const { server, white, black, gameId } = await pair({ variant: 'cost' });
    let v = await playMoves(white, gameId, 1, ['e2e4']); // 1 point
    v = await playMoves(black, gameId, v, ['e7e5']); // 1 point
    v = await playMoves(white, gameId, v, ['d2d4']); // turn 3: 2 points, 1 left
    expect(await white.send('game:move', { gameId, version: v, move: 'g1f3' })).toMatchObject({ ok: false, code: 'cannot-afford' });
    const passed = black.next('game:event', (e) => e.event.type === 'turn-passed');
    v = (await white.ok('game:endTurn', { gameId, version: v })).version;
    expect((await passed).event).toMatchObject({ type: 'turn-passed', color: 'white', outcome: null });
    const afterPass = (await black.ok('game:resync', { gameId })).snapshot.state;
    expect((await passed).event).toMatchObject({ hash: hashEncodedState(afterPass) });
    v = await playMoves(black, gameId, v, ['e5d4', 'a7a6']);
    const s = (await white.ok('game:resync', { gameId })).snapshot;
    expect(s.moves.map((m) => [m.san, m.turn, m.turnEnded])).toEqual([
      ['e4', 1, true],
      ['e5', 2, true],
      ['d4', 3, false],
      ['exd4', 4, false],
      ['a6', 4, true],
    ]);
    expect(s.clocks.running).toBeNull();
    await white.ok('game:drawOffer', { gameId });
    await black.ok('game:drawAccept', { gameId });
    expect(v).toBe(7);
    const pgn = await (await fetch(`${server.url}/api/games/${gameId}/pgn`)).text();
    expect(pgn).toContain('[Result "1/2-1/2"]');
    expect(pgn).toContain('1.e4 2.e5 3.d4 4.exd4 a6');
  });

  it('Take-All: capturing the last piece wins at once', async () => {
    const { white, black, gameId } = await pair({ variant: 'take-all', fen: '8/8/8/8/8/1p6/K7/8 w - - 0 1' });
    const over = black.next('game:event', (e) => e.event.type === 'move' && e.event.outcome !== null);
    await playMoves(white, gameId, 1, ['a2b3']);
    expect((await over).event).toMatchObject({ type: 'move', outcome: { result: '1-0', reason: 'all-captured' } });
    const s = (await black.ok('game:resync', { gameId })).snapshot;
    expect(s.initialFen.startsWith('8/8/8/8/8/1p6/K7/8 w')).toBe(true);
    expect(s.status).toBe('finished');
  });
});
