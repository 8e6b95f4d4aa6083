import { describe, expect, it } from 'vitest';
import { setup } from '../test-utils/game-model-setup.js';

/** GameSync applies events through the shared reducer: what the page reads follows its rules. */
describe('the game view follows applyGameEvent', () => {
  it('a rematch clears the standing rematch offer, as the server\'s snapshot says', () => {
    const { model, game } = setup('white');
    model.handleEvent(game.event({ type: 'game-over', outcome: { result: '1-0', reason: 'resignation' }, clocks: game.snapshot().clocks }));
    model.handleEvent(game.event({ type: 'rematch-offer', by: 'black' }));
    expect(model.rematchOffer).toBe('black');
    model.handleEvent(game.event({ type: 'rematch', gameId: 'g2' }));
    expect(model.rematchGameId).toBe('g2');
    expect(model.rematchOffer).toBeNull();
    expect(model.version).toBe(game.version);
  });

  it('a draw offer lapses when the offered side ends its turn; the game\'s end stops the first-move deadline', () => {
    const { model, game } = setup('white');
    model.handleEvent(game.move('e2e4'));
    model.handleEvent(game.event({ type: 'draw-offer', by: 'white' }));
    model.handleEvent(game.move('e7e5'));
    expect(model.drawOffer).toBe('white'); // within Black's series
    model.handleEvent(game.move('d7d6'));
    expect(model.drawOffer).toBeNull();
    const clocks = { ...game.snapshot().clocks, firstMoveBy: 31_000 };
    model.handleEvent(game.event({ type: 'game-over', outcome: { result: null, reason: 'aborted', abort: 'first-move-timeout' }, clocks }));
    expect(model.over).toBe(true);
    expect(model.clocks?.firstMoveBy).toBeUndefined();
  });

  it('an event the rules refuse (another state than the server\'s) is not applied: the view resyncs', async () => {
    const { model, game, transport } = setup('white');
    const e = game.move('e2e4');
    transport.snapshotForResync = game.snapshot();
    model.handleEvent({ ...e, event: { ...e.event, hash: 'not-the-hash' } as typeof e.event });
    await Promise.resolve();
    expect(transport.sent.map((s) => s.event)).toEqual(['game:resync']);
  });
});
