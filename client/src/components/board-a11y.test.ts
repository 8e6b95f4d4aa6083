import { render, screen, within } from '@testing-library/svelte';
import type { Piece } from '@progressive-chess/shared';
import { describe, expect, it } from 'vitest';
import Board from './Board.svelte';
import { squareLabel } from '../test-utils/squares.js';

const sq = (name: string): number => name.charCodeAt(0) - 97 + 8 * (Number(name[1]) - 1);

function pieces(): Array<Piece | undefined> {
  const board = new Array<Piece | undefined>(64).fill(undefined);
  board[sq('e1')] = { color: 'white', role: 'king' };
  board[sq('b1')] = { color: 'white', role: 'knight' };
  return board;
}

describe('Board (screen readers)', () => {
  it("a refusal is said in a status the board has before it (a live region added with its text is often not read)", async () => {
    const { rerender } = render(Board, { pieces: pieces() });
    const status = within(screen.getByRole('group', { name: 'Chess board' })).getByRole('status');
    expect(status.textContent?.trim()).toBe('');
    await rerender({ pieces: pieces(), message: 'This piece has no legal move now.' });
    expect(within(screen.getByRole('group', { name: 'Chess board' })).getByRole('status')).toBe(status);
    expect(status.textContent?.trim()).toBe('This piece has no legal move now.');
  });

  it('tells how to play it from the keyboard', () => {
    render(Board, { pieces: pieces() });
    expect(screen.queryByRole('group', { name: 'Chess board', description: /^Arrow keys move between squares\. Enter or Space picks a piece/ })).not.toBeNull();
  });

  it("names the squares of the opponent's last series, as they are marked for the eye", () => {
    render(Board, { pieces: pieces(), previous: [sq('b1'), sq('c3')] });
    expect(squareLabel('b1')).toBe("b1, white knight, in the opponent's last series");
    expect(squareLabel('c3')).toBe("c3, empty, in the opponent's last series");
    expect(squareLabel('e1')).toBe('e1, white king');
  });

  it('English: names the pieces that must still move in this cycle, as the rings show them', () => {
    render(Board, { pieces: pieces(), cycle: [sq('b1')] });
    expect(squareLabel('b1')).toBe('b1, white knight, must still move in this cycle');
    expect(squareLabel('e1')).toBe('e1, white king');
  });

  it('names what the queued premoves put on a square, as the ghost pieces show it', () => {
    render(Board, { pieces: pieces(), ghosts: new Map([[sq('c3'), { color: 'white', role: 'knight' } as const]]) });
    expect(squareLabel('c3')).toBe('c3, empty, white knight after the premoves');
  });
});
