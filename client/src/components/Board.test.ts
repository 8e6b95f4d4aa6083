import { fireEvent, render, screen } from '@testing-library/svelte';
import type { Piece } from '@progressive-chess/shared';
import { describe, expect, it, vi } from 'vitest';
import Board from './Board.svelte';
import { squareLabel } from '../test-utils/squares.js';

const sq = (name: string): number => name.charCodeAt(0) - 97 + 8 * (Number(name[1]) - 1);

function pieces(): Array<Piece | undefined> {
  const board = new Array<Piece | undefined>(64).fill(undefined);
  board[sq('e1')] = { color: 'white', role: 'king' };
  board[sq('g1')] = { color: 'white', role: 'knight' };
  board[sq('e8')] = { color: 'black', role: 'king' };
  board[sq('f3')] = { color: 'black', role: 'pawn' };
  return board;
}

describe('Board', () => {
  it('renders 64 labelled squares in orientation order', () => {
    const { container } = render(Board, { pieces: pieces() });
    const squares = screen.getAllByRole('button');
    expect(squares).toHaveLength(64);
    expect(squareLabel('g1')).toBe('g1, white knight');
    expect(squareLabel('e4')).toBe('e4, empty');
    expect(squares[0]?.getAttribute('data-square')).toBe('a8');
    expect(container.querySelectorAll('svg.piece')).toHaveLength(4);
  });

  it('puts a8 bottom-right when seen from Black', () => {
    render(Board, { pieces: pieces(), orientation: 'black' });
    const squares = screen.getAllByRole('button');
    expect(squares[0]?.getAttribute('data-square')).toBe('h1');
    expect(squares[63]?.getAttribute('data-square')).toBe('a8');
  });

  it('shows dots for the given destinations and emits a move on click-click', async () => {
    const onmove = vi.fn();
    const dests = new Map([[sq('g1'), [sq('f3'), sq('h3'), sq('e2')]]]);
    const { container } = render(Board, { pieces: pieces(), dests, onmove });
    expect(container.querySelectorAll('.dest')).toHaveLength(0);
    await fireEvent.click(screen.getByRole('button', { name: /^g1, white knight/ }));
    expect(container.querySelectorAll('.dest.move')).toHaveLength(2);
    expect(container.querySelectorAll('.dest.capture')).toHaveLength(1);
    expect(squareLabel('h3')).toBe('h3, empty, legal move');
    await fireEvent.click(screen.getByRole('button', { name: /^f3, black pawn/ }));
    expect(onmove).toHaveBeenCalledWith(sq('g1'), sq('f3'));
    expect(container.querySelectorAll('.dest')).toHaveLength(0);
  });

  it('does not select a piece without destinations nor emit a move to a square without a dot', async () => {
    const onmove = vi.fn();
    const dests = new Map([[sq('g1'), [sq('h3')]]]);
    render(Board, { pieces: pieces(), dests, onmove });
    await fireEvent.click(screen.getByRole('button', { name: /^e1/ }));
    expect(screen.getByRole('button', { name: /^e1/ }).getAttribute('aria-pressed')).toBe('false');
    await fireEvent.click(screen.getByRole('button', { name: /^g1/ }));
    await fireEvent.click(screen.getByRole('button', { name: /^g3/ }));
    expect(onmove).not.toHaveBeenCalled();
  });

  it('marks check, series moves and crossed-out destinations', async () => {
    const blocked = new Map([[sq('g1'), [sq('f3')]]]);
    const { container } = render(Board, {
      pieces: pieces(),
      check: sq('e1'),
      series: [{ from: sq('e2'), to: sq('e4') }],
      blocked,
    });
    expect(squareLabel('e1')).toBe('e1, white king, in check');
    expect(squareLabel('e4')).toBe('e4, empty, move 1 of the series');
    await fireEvent.click(screen.getByRole('button', { name: /^g1/ }));
    expect(container.querySelectorAll('.dest.blocked')).toHaveLength(1);
  });
});
