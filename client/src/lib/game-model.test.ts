import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeGame, flush } from '../test-utils/fake-game.js';
import { setup, uci } from '../test-utils/game-model-setup.js';
import { GONE_TEXT, STALE_GRACE_MS } from './game-sync.svelte.js';

describe('GameModel events', () => {
  it('applies versioned move events in order and derives the series progress', () => {
    const { model, game } = setup('spectator');
    expect(model.series?.label).toBe('Move 1 of 1');
    model.handleEvent(game.move('e2e4'));
    expect(model.version).toBe(2);
    expect(model.moves.map((m) => m.san)).toEqual(['e4']);
    expect(model.series).toMatchObject({ turn: 2, color: 'black', label: 'Move 1 of 2' });
    expect(model.series?.pips).toEqual(['next', 'todo']);
    model.handleEvent(game.move('e7e5'));
    expect(model.series?.label).toBe('Move 2 of 2');
    expect(model.series?.pips).toEqual(['done', 'next']);
  });

  it('ignores duplicates and asks for a resync on a version gap', async () => {
    const { model, game, transport } = setup('spectator');
    const e1 = game.move('e2e4');
    model.handleEvent(e1);
    model.handleEvent(e1);
    expect(model.moves).toHaveLength(1);
    game.move('e7e5');
    const e3 = game.move('d7d5');
    transport.snapshotForResync = game.snapshot();
    model.handleEvent(e3);
    expect(transport.sent.map((s) => s.event)).toContain('game:resync');
    await flush();
    expect(model.version).toBe(4);
    expect(model.moves.map((m) => m.san)).toEqual(['e4', 'e5', 'd5']);
    expect(model.resyncCount).toBe(1);
  });

  it('replays a move event with the rules and resyncs when the state hash differs', async () => {
    const { model, game, transport } = setup('spectator');
    const e1 = game.move('e2e4');
    expect(e1.event).not.toHaveProperty('state');
    model.handleEvent(e1);
    expect(model.resyncCount).toBe(0);
    const e2 = game.move('e7e5');
    if (e2.event.type !== 'move') throw new Error('expected a move event');
    transport.snapshotForResync = game.snapshot();
    model.handleEvent({ ...e2, event: { ...e2.event, hash: '00000000' } });
    expect(transport.sent.map((s) => s.event)).toEqual(['game:resync']);
    await flush();
    expect(model.resyncCount).toBe(1);
    expect(model.version).toBe(3);
    expect(model.moves.map((m) => m.san)).toEqual(['e4', 'e5']);
  });

  describe('version heartbeat', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('resyncs when a heartbeat stays ahead of the applied events (a lost last event)', async () => {
      vi.useFakeTimers();
      const { model, game, transport } = setup('white');
      model.handleEvent(game.move('e2e4'));
      game.move('e7e5'); // never delivered
      transport.snapshotForResync = game.snapshot();
      model.handleHeartbeat({ gameId: 'g1', version: 3 });
      model.handleHeartbeat({ gameId: 'g1', version: 3 });
      expect(transport.sent).toEqual([]);
      await vi.advanceTimersByTimeAsync(STALE_GRACE_MS + 10);
      expect(transport.sent.map((s) => s.event)).toEqual(['game:resync']);
      expect(model.version).toBe(3);
      expect(model.moves.map((m) => m.san)).toEqual(['e4', 'e5']);
    });

    it('does not resync when the events arrive within the grace, nor for a current version', async () => {
      vi.useFakeTimers();
      const { model, game, transport } = setup('spectator');
      model.handleHeartbeat({ gameId: 'g1', version: 1 });
      const e2 = game.move('e2e4');
      model.handleSpectators({ gameId: 'g1', count: 1, version: 2 }); // ahead of its event
      model.handleHeartbeat({ gameId: 'other', version: 99 });
      model.handleEvent(e2);
      await vi.advanceTimersByTimeAsync(STALE_GRACE_MS * 3);
      expect(transport.sent).toEqual([]);
      expect(model.resyncCount).toBe(0);
    });

    it('a presence event ahead of the game also prompts the resync', async () => {
      vi.useFakeTimers();
      const { model, game, transport } = setup('black');
      game.move('e2e4');
      transport.snapshotForResync = game.snapshot();
      model.handlePresence({ gameId: 'g1', color: 'white', online: true, version: 2 });
      await vi.advanceTimersByTimeAsync(STALE_GRACE_MS + 10);
      expect(model.version).toBe(2);
      model.dispose();
    });
  });

  it('tracks presence, spectators, draw offers and the game end', () => {
    const { model, game } = setup('black');
    model.handlePresence({ gameId: 'g1', color: 'white', online: false, version: 1 });
    model.handleSpectators({ gameId: 'g1', count: 3, version: 1 });
    model.handleSpectators({ gameId: 'other', count: 9, version: 1 });
    expect(model.online.white).toBe(false);
    expect(model.spectators).toBe(3);
    model.handleEvent({ gameId: 'g1', version: 2, event: { type: 'draw-offer', by: 'white' } });
    expect(model.drawOffer).toBe('white');
    const clocks = { white: 1, black: 2, running: null, serverNow: 5 };
    model.handleEvent({ gameId: 'g1', version: 3, event: { type: 'game-over', outcome: { result: '0-1', reason: 'resignation' }, clocks } });
    expect(model.over).toBe(true);
    expect(model.drawOffer).toBeNull();
    expect(model.series).toBeNull();
    expect(game.version).toBe(1);
  });
});

describe('GameModel own moves', () => {
  it('shows an own move at once, sends it with the known version, and keeps it once confirmed', async () => {
    const { model, game, transport } = setup('white');
    expect(model.isMyTurn).toBe(true);
    expect(model.move(uci('e2e4'))).toBe(true);
    expect(model.moves.map((m) => m.san)).toEqual(['e4']);
    expect(model.isMyTurn).toBe(false);
    await flush();
    expect(transport.sent[0]).toEqual({ event: 'game:move', payload: { gameId: 'g1', version: 1, move: 'e2e4' } });
    model.handleEvent(game.move('e2e4'));
    expect(model.pending).toHaveLength(0);
    expect(model.moves).toHaveLength(1);
  });

  it('takes the confirmation of an own move from its ack, which carries the move`s event', async () => {
    const { model, game, transport } = setup('white');
    transport.answers.set('game:move', [FakeGame.ackOf(game.move('e2e4'))]);
    model.move(uci('e2e4'));
    await flush();
    expect(model.pending).toHaveLength(0);
    expect(model.version).toBe(2);
    expect(model.serverMoves.map((m) => m.san)).toEqual(['e4']);
    expect(model.resyncCount).toBe(0);
  });

  it('a refusal because the store is away lasts until the store answers again (a heartbeat); other refusals stay', async () => {
    const { model, transport } = setup('white');
    transport.answers.set('game:move', [{ ok: false, code: 'unavailable', message: 'the server cannot reach its store; try again shortly' }]);
    transport.snapshotForResync = new FakeGame().snapshot();
    model.move(uci('e2e4'));
    await flush();
    expect(model.notice).toMatch(/cannot reach its store/);
    model.handleHeartbeat({ gameId: 'g1', version: 1 });
    expect(model.notice).toBeNull();
    transport.answers.set('game:resign', [{ ok: false, code: 'game-over', message: 'the game is over' }]);
    await model.action('game:resign');
    model.handleHeartbeat({ gameId: 'g1', version: 1 });
    expect(model.notice).toBe('the game is over');
  });

  it('game:gone: the page shows that the game no longer exists, without the user acting; another game\'s is ignored', () => {
    vi.useFakeTimers();
    try {
      const game = new FakeGame();
      const { model, transport } = setup('spectator', game);
      model.handleGone({ gameId: 'other' });
      expect([model.gone, model.loadError]).toEqual([false, null]);
      model.handleHeartbeat({ gameId: 'g1', version: 5 }); // a stale-version timer running
      model.handleGone({ gameId: 'g1' });
      expect(model.gone).toBe(true);
      expect(model.loadError).toBe(GONE_TEXT);
      vi.advanceTimersByTime(STALE_GRACE_MS * 2);
      expect(transport.sent).toEqual([]); // no resync of a game that is gone
    } finally {
      vi.useRealTimers();
    }
  });

  it('a command refused with unknown-game shows the game as gone, as game:gone does', async () => {
    const { model, transport } = setup('white');
    transport.answers.set('game:resign', [{ ok: false, code: 'unknown-game', message: 'no game g1' }]);
    await model.action('game:resign');
    expect(model.gone).toBe(true);
    expect(model.loadError).toBe(GONE_TEXT);
  });

  it('an event read before the ack that carries the one it follows waits for that ack, without a resync', async () => {
    const game = new FakeGame();
    const { model, transport } = setup('black', game);
    model.handleEvent(game.move('e2e4'));
    transport.answers.set('game:move', [FakeGame.ackOf(game.move('e7e5'))]);
    model.move(uci('e7e5'));
    // White's draw offer (version 4) arrives in the same read as the ack of version 3
    model.handleEvent({ gameId: 'g1', version: 4, event: { type: 'draw-offer', by: 'white' } });
    expect(model.version).toBe(2);
    await flush();
    expect(model.version).toBe(4);
    expect(model.drawOffer).toBe('white');
    expect(model.serverMoves.map((m) => m.san)).toEqual(['e4', 'e5']);
    expect(transport.sent.map((s) => s.event)).toEqual(['game:move']);
  });

  it('a gap that the ack does not fill is resynced once the command is answered', async () => {
    const game = new FakeGame();
    const { model, transport } = setup('black', game);
    model.handleEvent(game.move('e2e4'));
    game.move('e7e5');
    transport.answers.set('game:move', [{ ok: true, version: 3 }]);
    transport.snapshotForResync = game.snapshot();
    model.move(uci('e7e5'));
    model.handleEvent({ gameId: 'g1', version: 4, event: { type: 'draw-offer', by: 'white' } });
    await flush();
    expect(transport.sent.map((s) => s.event)).toEqual(['game:move', 'game:resync']);
    expect(model.resyncCount).toBe(1);
  });

  it('rolls an optimistic move back when the server refuses it', async () => {
    const { model, transport } = setup('white');
    transport.answers.set('game:move', [{ ok: false, code: 'illegal-move', message: 'Not allowed' }]);
    model.move(uci('e2e4'));
    expect(model.moves).toHaveLength(1);
    await flush();
    expect(model.moves).toHaveLength(0);
    expect(model.isMyTurn).toBe(true);
    expect(model.notice).toBe('Not allowed');
  });

  it('refuses an illegal move locally with the rules message', () => {
    const { model, transport } = setup('white');
    expect(model.move(uci('e2e5'))).toBe(false);
    expect(model.notice).toBe('illegal move');
    expect(transport.sent).toHaveLength(0);
  });

  it('sends the moves of a series one by one, each after the previous ack', async () => {
    const game = new FakeGame();
    const { model, transport } = setup('black', game);
    model.handleEvent(game.move('e2e4'));
    model.move(uci('e7e5'));
    model.move(uci('g8f6'));
    expect(model.moves.map((m) => m.san)).toEqual(['e4', 'e5', 'Nf6']);
    await flush();
    const versions = transport.sent.filter((s) => s.event === 'game:move').map((s) => (s.payload as { version: number }).version);
    expect(versions).toEqual([2, 3]);
  });
});

describe('GameModel stale version', () => {
  it('resyncs and plays the refused moves again when the server had moved on', async () => {
    const game = new FakeGame();
    const { model, transport } = setup('white', game);
    transport.answers.set('game:move', [{ ok: false, code: 'stale-version', message: 'stale' }]);
    // Meanwhile the server registered a draw offer (version 2).
    transport.snapshotForResync = game.snapshot({ version: 2, drawOffer: 'black' });
    model.move(uci('e2e4'));
    await flush();
    expect(transport.sent.map((s) => s.event)).toEqual(['game:move', 'game:resync', 'game:move']);
    expect(transport.sent[2]?.payload).toEqual({ gameId: 'g1', version: 2, move: 'e2e4' });
    expect(model.moves.map((m) => m.san)).toEqual(['e4']);
    expect(model.notice).toBeNull();
  });

  it('offers Abort by the server rule: until both sides have completed a turn, even after my own first move', () => {
    const { model, game } = setup('white');
    expect(model.canAbort).toBe(true);
    model.handleEvent(game.move('e2e4'));
    expect(model.canAbort).toBe(true);
    model.handleEvent(game.move('e7e5'));
    expect(model.canAbort).toBe(true);
    model.handleEvent(game.move('d7d5'));
    expect(model.canAbort).toBe(false);
  });
});
