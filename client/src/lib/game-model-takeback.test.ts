import { describe, expect, it } from 'vitest';
import { FakeGame } from '../test-utils/fake-game.js';
import { setup } from '../test-utils/game-model-setup.js';

describe('GameModel takebacks', () => {
  it('shows an offer, applies the takeback (log cut, state of the turn start) and says where the game went back to', () => {
    const { model, game } = setup('black');
    for (const m of ['e2e4', 'e7e5', 'g8f6', 'd2d4']) model.handleEvent(game.move(m));
    expect(model.canTakeback).toBe(true);
    model.handleEvent(game.event({ type: 'takeback-offer', by: 'white' }));
    expect(model.takebackOffer).toBe('white');
    model.handleEvent(game.takeback('white'));
    expect(model.moves.map((m) => m.uci)).toEqual(['e2e4', 'e7e5', 'g8f6']);
    expect(model.state).toMatchObject({ turn: 3, color: 'white', moveIndex: 0 });
    expect(model.takebackOffer).toBeNull();
    expect(model.takenBack).toEqual({ by: 'white', turn: 3 });
    expect(model.version).toBe(game.version);
    // the game goes on from there; the next move is checked against the server's hash as always
    model.handleEvent(game.move('c2c4'));
    expect(model.moves).toHaveLength(4);
    expect(model.takenBack).toBeNull();
    expect(model.resyncCount).toBe(0);
  });

  it('an offer lapses with the next move; a declined one is told to the side that asked', () => {
    const { model, game } = setup('white');
    model.handleEvent(game.move('e2e4'));
    model.handleEvent(game.event({ type: 'takeback-offer', by: 'white' }));
    model.handleEvent(game.move('e7e5'));
    expect(model.takebackOffer).toBeNull();
    model.handleEvent(game.event({ type: 'takeback-offer', by: 'white' }));
    model.handleEvent(game.event({ type: 'takeback-declined', by: 'black' }));
    expect(model.takebackOffer).toBeNull();
    expect(model.declined).toEqual({ kind: 'takeback', by: 'black' });
  });

  it('offers a takeback only in a casual game, after a series of one\'s own', () => {
    const game = new FakeGame();
    const { model } = setup('white', game);
    expect(model.canTakeback).toBe(false);
    model.handleEvent(game.move('e2e4'));
    expect(model.canTakeback).toBe(true);
    const black = setup('black', game).model;
    expect(black.canTakeback).toBe(false);
    const rated = setup('white', game).model;
    rated.applySnapshot(game.snapshot({ rated: true }), 'white');
    expect(rated.canTakeback).toBe(false);
  });
});
