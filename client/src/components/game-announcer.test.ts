import { render, screen } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import { GameModel } from '../lib/game-model.svelte.js';
import { FakeGame, FakeTransport, flush } from '../test-utils/fake-game.js';
import GameAnnouncer from './GameAnnouncer.svelte';

function setup(seat: 'white' | 'black' | 'spectator', game = new FakeGame()) {
  const m = new GameModel('g1', new FakeTransport().request);
  m.applySnapshot(game.snapshot(), seat);
  render(GameAnnouncer, { game: m });
  const log = screen.getByRole('log', { name: 'Game announcements' });
  return { m, game, log, said: () => Array.from(log.querySelectorAll('p'), (p) => p.textContent) };
}

describe('GameAnnouncer (screen readers)', () => {
  it("reads out each move of the opponent's series, not my own, and nothing already played when the page opened", async () => {
    const game = new FakeGame();
    game.move('e2e4');
    const { m, said } = setup('white', game);
    expect(said()).toEqual([]);
    m.handleEvent(game.move('e7e5'));
    m.handleEvent(game.move('g8f6'));
    await flush();
    expect(said()).toEqual(['Black, move 1: e5.', 'Black, move 2: knight f6.']);
    m.move({ from: 11, to: 27 }); // d2d4, mine
    await flush();
    expect(said()).toHaveLength(2);
  });

  it('a spectator hears both sides', async () => {
    const { m, game, said } = setup('spectator');
    m.handleEvent(game.move('e2e4'));
    m.handleEvent(game.move('d7d5'));
    await flush();
    expect(said()).toEqual(['White, move 1: e4.', 'Black, move 1: d5.']);
  });

  it("reads the opponent's draw offer and the end of the game", async () => {
    const { m, game, said } = setup('white');
    m.handleEvent(game.event({ type: 'draw-offer', by: 'black' }));
    await flush();
    expect(said()).toEqual(['Your opponent offers a draw.']);
    m.handleEvent(game.event({ type: 'game-over', outcome: { result: '0-1', reason: 'resignation' }, clocks: game.snapshot().clocks }));
    await flush();
    expect(said().at(-1)).toBe('Game over. Black wins: White resigned.');
    m.handleEvent(game.event({ type: 'rematch-offer', by: 'black' }));
    await flush();
    expect(said().at(-1)).toBe('Your opponent wants a rematch.');
  });
});
