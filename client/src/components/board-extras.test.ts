import { fireEvent, render, screen } from '@testing-library/svelte';
import type { Piece } from '@progressive-chess/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BoardView } from '../lib/board-view.svelte.js';
import { GameModel } from '../lib/game-model.svelte.js';
import { FakeGame, FakeTransport } from '../test-utils/fake-game.js';
import Board from './Board.svelte';
import SoundToggle from './SoundToggle.svelte';

const sq = (name: string): number => name.charCodeAt(0) - 97 + 8 * (Number(name[1]) - 1);

function pieces(): Array<Piece | undefined> {
  const board = new Array<Piece | undefined>(64).fill(undefined);
  board[sq('e1')] = { color: 'white', role: 'king' };
  board[sq('e4')] = { color: 'white', role: 'pawn' };
  board[sq('e8')] = { color: 'black', role: 'king' };
  return board;
}

function model(seat: 'white' | 'black', game: FakeGame) {
  const m = new GameModel('g1', new FakeTransport().request);
  m.applySnapshot(game.snapshot(), seat);
  return { m, view: new BoardView(m) };
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('Board extras', () => {
  it('slides the piece of the last move in from its origin square', () => {
    const animate = vi.fn();
    HTMLElement.prototype.animate = animate as unknown as HTMLElement['animate'];
    vi.stubGlobal('matchMedia', () => ({ matches: false }));
    render(Board, { pieces: pieces(), lastMove: { from: sq('e2'), to: sq('e4'), key: '1:e2e4' } });
    expect(animate).toHaveBeenCalledTimes(1);
    const [frames] = animate.mock.calls[0] as [Keyframe[]];
    expect(frames[0]).toEqual({ transform: 'translate(0%, 200%)' }); // e2 is two rows below e4 as White sees the board
  });

  it('says on the board why a clicked piece offers no move', async () => {
    const onrefused = vi.fn();
    const { rerender } = render(Board, { pieces: pieces(), dests: new Map([[sq('e1'), [sq('d1')]]]), onrefused });
    await fireEvent.click(screen.getByRole('button', { name: 'e4, white pawn' }));
    expect(onrefused).toHaveBeenCalledWith(sq('e4'));
    await fireEvent.click(screen.getByRole('button', { name: 'e1, white king' }));
    expect(onrefused).toHaveBeenCalledTimes(1);
    await rerender({ pieces: pieces(), message: 'This piece already moved in this cycle' });
    expect(screen.getByTestId('board-message').textContent).toBe('This piece already moved in this cycle');
  });
});

describe('BoardView explanations', () => {
  it('English: a piece that moved in this cycle is explained; history browsing too', () => {
    const game = new FakeGame('english');
    const { m, view } = model('white', game);
    for (const uci of ['e2e4', 'e7e5', 'd7d5']) m.handleEvent(game.move(uci));
    m.move({ from: sq('g1'), to: sq('f3') });
    expect(m.cyclePending).not.toContain(sq('f3'));
    expect(view.whyNot(sq('f3'))).toBe('This piece already moved in this cycle: move the ringed pieces first.');
    m.view(1);
    expect(view.whyNot(sq('e2'))).toBe('You are looking at an earlier position: go back to live to move.');
  });

  it('Cost: a piece too dear for the points left is explained by its price, not as having no move', () => {
    const game = new FakeGame('cost');
    const { m, view } = model('black', game);
    for (const uci of ['e2e4', 'e7e5', 'd2d4', 'a2a3']) m.handleEvent(game.move(uci));
    // Turn 4: two points; the queen (9) and the knight (3) have moves on the board but cost too much.
    expect(view.whyNot(sq('d8'))).toBe('A queen move costs 9 points, and only 2 points are left in this turn.');
    m.move({ from: sq('b7'), to: sq('b6') });
    expect(view.whyNot(sq('g8'))).toBe('A knight move costs 3 points, and only 1 point is left in this turn.');
    expect(view.whyNot(sq('a8'))).toBe('This piece has no legal move now.');
  });

  it('Cost: a pawn that can only promote to pieces too dear is explained by the price of promoting', () => {
    const game = new FakeGame('cost', '4k3/P6p/8/8/8/8/7P/4K3 w - - 0 1');
    const { m, view } = model('white', game);
    for (const uci of ['h2h3', 'h7h6']) m.handleEvent(game.move(uci));
    // Turn 3: two points; a knight or bishop (3) is the cheapest promotion.
    expect(view.whyNot(sq('a7'))).toBe("Promoting costs the new piece's price, at least 3 points, and only 2 points are left in this turn.");
    m.move({ from: sq('h3'), to: sq('h4') });
    expect(view.whyNot(sq('a7'))).toBe("Promoting costs the new piece's price, at least 3 points, and only 1 point is left in this turn.");
  });

  it("keeps the opponent's last series marked while mine runs, and the side panel follows history", () => {
    const game = new FakeGame();
    const { m, view } = model('white', game);
    for (const uci of ['e2e4', 'e7e5', 'd7d5']) m.handleEvent(game.move(uci));
    expect(view.previousSeries).toEqual([]);
    m.move({ from: sq('d2'), to: sq('d4') });
    expect(view.previousSeries.sort((a, b) => a - b)).toEqual([sq('d7'), sq('e7'), sq('d5'), sq('e5')].sort((a, b) => a - b));
    expect(view.shownSeries?.label).toBe('Move 2 of 3');
    m.view(2);
    expect(view.shownSeries).toMatchObject({ turn: 2, label: 'Move 2 of 2' });
  });
});

describe('SoundToggle', () => {
  it('is remembered by the browser', async () => {
    render(SoundToggle);
    await fireEvent.click(screen.getByRole('button', { name: 'Sound: on' }));
    expect(localStorage.getItem('pcl.muted')).toBe('1');
    render(SoundToggle);
    expect(screen.getAllByRole('button', { name: 'Sound: off' })).toHaveLength(2);
  });
});
