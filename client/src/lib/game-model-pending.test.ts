import { describe, expect, it } from 'vitest';
import { FakeGame, flush } from '../test-utils/fake-game.js';
import { setup, sq2, uci } from '../test-utils/game-model-setup.js';
import { BoardView } from './board-view.svelte.js';
import { GameModel } from './game-model.svelte.js';
import type { RequestFn } from './socket.js';

/** Own moves not confirmed yet: across a reconnection's snapshot, and premoves queued for the coming series. */
describe('GameModel own moves across a reconnection', () => {
  /** A transport whose move acks wait until the test answers them; other requests are never answered. */
  function heldMoves() {
    const sent: string[] = [];
    const answers: Array<(ack: unknown) => void> = [];
    const request = ((event: string, payload: { move?: string }) => {
      if (event === 'game:move') sent.push(payload.move ?? '');
      return new Promise((resolve) => answers.push(resolve));
    }) as unknown as RequestFn;
    return { sent, answers, request };
  }

  /** Black to play its first series (after 1.e4), with held move acks; e5 is played and on its way. */
  function blackPlayingE5() {
    const game = new FakeGame();
    game.move('e2e4');
    const held = heldMoves();
    const model = new GameModel('g1', held.request);
    model.applySnapshot(game.snapshot(), 'black');
    model.move(uci('e7e5'));
    return { game, model, ...held };
  }

  it('a snapshot that comes while own moves are on their way keeps those the server lacks, and sends them', async () => {
    const { game, model, sent, answers } = blackPlayingE5();
    model.move(uci('g8f6'));
    expect(sent).toEqual(['e7e5']);
    // The server made e5; the reconnection's snapshot has it, not Nf6 (still to send).
    const e5 = game.move('e7e5');
    model.applySnapshot(game.snapshot(), 'black');
    expect(model.moves.map((m) => m.san)).toEqual(['e4', 'e5', 'Nf6']);
    answers.shift()?.({ ok: true, version: e5.version, event: e5.event });
    await flush();
    expect(sent).toEqual(['e7e5', 'g8f6']);
    expect(model.notice).toBeNull();
  });

  it('an own move the snapshot does not have yet stays shown until its ack; one whose place the server filled otherwise is said not played', async () => {
    const { game, model, sent, answers } = blackPlayingE5();
    model.applySnapshot(game.snapshot(), 'black');
    expect(model.moves.map((m) => m.san)).toEqual(['e4', 'e5']);
    const e5 = game.move('e7e5');
    answers.shift()?.({ ok: true, version: e5.version, event: e5.event });
    await flush();
    expect(model.moves.map((m) => m.san)).toEqual(['e4', 'e5']);
    expect(model.pending).toEqual([]);
    // Nf6 on its way while another tab of the player made Nc6 in its place.
    model.move(uci('g8f6'));
    game.move('b8c6');
    model.applySnapshot(game.snapshot(), 'black');
    expect(model.moves.map((m) => m.san)).toEqual(['e4', 'e5', 'Nc6']);
    expect(model.notice).toBe('Your move Nf6 was not played: the game moved on while the connection was down.');
    expect(sent).toEqual(['e7e5', 'g8f6']);
  });
});

describe('GameModel premoves', () => {
  it('queues moves during the opponent series and plays them when the turn comes', async () => {
    const game = new FakeGame();
    game.move('e2e4');
    game.move('e7e5');
    game.move('g8f6');
    const { model, transport } = setup('black', game);
    expect(model.isMyTurn).toBe(false);
    // White's 3-move series runs; Black queues two moves of turn 4.
    expect(model.move(uci('b8c6'))).toBe(true);
    expect(model.move(uci('f8c5'))).toBe(true);
    expect(model.premoves).toHaveLength(2);
    const view = new BoardView(model);
    expect(view.arrows).toHaveLength(2);
    expect([...view.ghosts.keys()].sort()).toEqual([sq2('c5'), sq2('c6')].sort());
    expect(view.dests.get(sq2('d7'))).toContain(sq2('d6'));
    model.handleEvent(game.move('d2d3'));
    model.handleEvent(game.move('c1e3'));
    expect(transport.moves()).toEqual([]);
    model.handleEvent(game.move('b1c3'));
    await flush();
    expect(transport.moves()).toEqual(['b8c6', 'f8c5']);
    expect(model.premoves).toHaveLength(0);
  });

  it('says the coming series is full when every one of its moves is queued', () => {
    const game = new FakeGame();
    const { model } = setup('black', game);
    const view = new BoardView(model);
    // White's first series (1 move) runs; Black's coming series has 2 moves
    expect(model.move(uci('b8c6'))).toBe(true);
    expect(view.dests.get(sq2('a7'))).toContain(sq2('a6'));
    expect(view.whyNot(sq2('a7'))).not.toMatch(/full/);
    expect(model.move(uci('g8f6'))).toBe(true);
    expect(view.dests.size).toBe(0);
    expect(view.whyNot(sq2('a7'))).toMatch(/series is already full/);
    model.cancelPremoves();
    expect(view.dests.get(sq2('a7'))).toContain(sq2('a6'));
    expect(view.whyNot(sq2('a7'))).not.toMatch(/full/);
  });

  it('stops the queue at the first premove that is no longer legal', async () => {
    const game = new FakeGame();
    game.move('e2e4');
    game.move('e7e5');
    game.move('d7d5');
    const { model, transport } = setup('black', game);
    model.move(uci('d5d4'));
    model.move(uci('b8c6'));
    // White blocks d4 with the last move of the series: premove 1 is illegal, the queue stops.
    model.handleEvent(game.move('d2d3'));
    model.handleEvent(game.move('g1f3'));
    model.handleEvent(game.move('f3d4'));
    await flush();
    expect(transport.moves()).toEqual([]);
    expect(model.premoves).toHaveLength(0);
    expect(model.notice).toMatch(/Premove 1/);
  });

  it('refuses a premove that cannot be played and cancels the queue on request', () => {
    const game = new FakeGame();
    game.move('e2e4');
    const { model } = setup('white', game);
    expect(model.move(uci('e4e6'))).toBe(false);
    expect(model.move(uci('d2d4'))).toBe(true);
    model.cancelPremoves();
    expect(model.premoves).toHaveLength(0);
  });

  it('holds a series for the confirm step (correspondence, by preference): sent only once confirmed, or taken back', async () => {
    const game = new FakeGame();
    const held = { sent: [] as string[] };
    const request = ((event: string, payload: { move?: string }) => {
      if (event === 'game:move') held.sent.push(payload.move ?? '');
      return new Promise(() => undefined);
    }) as unknown as RequestFn;
    const model = new GameModel('g1', request);
    model.applySnapshot(game.snapshot(), 'white');
    model.holdSeries = true;
    expect(model.move(uci('e2e4'))).toBe(true);
    await flush();
    expect(held.sent).toEqual([]);
    expect(model.seriesToConfirm).toBe(true);
    model.takeBackSeries();
    expect(model.seriesToConfirm).toBe(false);
    expect(model.isMyTurn).toBe(true);
    expect(model.move(uci('d2d4'))).toBe(true);
    model.sendSeries();
    await flush();
    expect(held.sent).toEqual(['d2d4']);
    expect(model.seriesToConfirm).toBe(false);
  });
});
