import { describe, expect, it } from 'vitest';
import { call, waitFor } from '../support/game-client.js';
import { player, start, UNTIMED } from './bot-app.js';
import { sharedPool } from './bot-qa-pool.js';

const borrowed = sharedPool();

describe('takebacks against the computer', () => {
  it('the computer grants a takeback in a casual game, then plays on from the restored turn', async () => {
    const { url } = await start({ compute: borrowed() });
    const human = await player(url, 'Human');
    const { gameId } = await call(human.socket, 'bot:play', { variant: 'scottish', timeControl: UNTIMED, color: 'white', level: 1 });
    await call(human.socket, 'game:join', { gameId });
    const answered = waitFor(human.socket, 'game:event', (e) => e.gameId === gameId && e.version === 4, 20_000);
    await call(human.socket, 'game:move', { gameId, version: 1, move: 'e2e4' });
    await answered; // the computer's series of two: White's turn 3, nothing played yet
    const takenBack = waitFor(human.socket, 'game:event', (e) => e.gameId === gameId && e.event.type === 'takeback', 20_000);
    const offer = await call(human.socket, 'game:takebackOffer', { gameId });
    const [event] = await takenBack;
    // White's series 1 and the computer's series 2: back to the start
    expect(event.event).toMatchObject({ type: 'takeback', by: 'white', turn: 1, moves: 0 });
    expect(event.version).toBe(offer.version + 1);
    const replied = waitFor(human.socket, 'game:event', (e) => e.gameId === gameId && e.version === event.version + 3, 20_000);
    await call(human.socket, 'game:move', { gameId, version: event.version, move: 'd2d4' });
    await replied;
    const { snapshot } = await call(human.socket, 'game:resync', { gameId });
    expect(snapshot.moves.map((m) => m.color)).toEqual(['white', 'black', 'black']);
    expect(snapshot.moves[0]?.uci).toBe('d2d4');
  });
});
