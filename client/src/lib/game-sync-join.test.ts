import { describe, expect, it } from 'vitest';
import { FakeGame, FakeTransport, flush } from '../test-utils/fake-game.js';
import { GameModel } from './game-model.svelte.js';

/**
 * Opening a game against the computer as Black: the computer plays its first move at once, and its
 * event can reach the page after the server put the connection in the game's room but before the
 * join's answer (whose snapshot was read before the move). The page must show that move then, not
 * after the next heartbeat.
 */
describe('joining a game whose first event arrives before the join answer', () => {
  it('applies the events that came before the snapshot and are newer than it, without a resync', async () => {
    const game = new FakeGame();
    const transport = new FakeTransport();
    transport.snapshotForResync = game.snapshot();
    const model = new GameModel('g1', transport.request);
    const joined = model.join();
    // the computer's move, broadcast while the join was answered
    model.handleEvent(game.move('e2e4'));
    await joined;
    await flush();
    expect(model.version).toBe(2);
    expect(model.moves.map((m) => m.san)).toEqual(['e4']);
    expect(model.resyncCount).toBe(0);
  });

  it('ignores what came before the snapshot and is already in it', async () => {
    const game = new FakeGame();
    const transport = new FakeTransport();
    const early = game.move('e2e4');
    transport.snapshotForResync = game.snapshot();
    const model = new GameModel('g1', transport.request);
    const joined = model.join();
    model.handleEvent(early);
    await joined;
    expect(model.version).toBe(2);
    expect(model.moves).toHaveLength(1);
  });
});
