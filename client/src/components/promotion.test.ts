import { fireEvent, render, screen } from '@testing-library/svelte';
import type { Move, Piece, Role } from '@progressive-chess/shared';
import { describe, expect, it, vi } from 'vitest';
import PromotingBoard from './PromotingBoard.svelte';

const sq = (name: string): number => name.charCodeAt(0) - 97 + 8 * (Number(name[1]) - 1);
const ROLES: Role[] = ['queen', 'rook', 'bishop', 'knight'];

function setup() {
  const pieces = new Array<Piece | undefined>(64).fill(undefined);
  pieces[sq('a7')] = { color: 'white', role: 'pawn' };
  pieces[sq('e1')] = { color: 'white', role: 'king' };
  pieces[sq('e8')] = { color: 'black', role: 'king' };
  const onplay = vi.fn<(m: Move) => void>();
  render(PromotingBoard, {
    pieces,
    dests: new Map([[sq('a7'), [sq('a8')]]]),
    color: 'white',
    candidates: (from: number, to: number) => ROLES.map((promotion) => ({ from, to, promotion })),
    onplay,
  });
  const square = (name: string) => document.querySelector<HTMLButtonElement>(`[data-square="${name}"]`)!;
  return { onplay, square };
}

/** The keyboard player's way: focus a square and press Enter (a button's click). */
async function press(el: HTMLElement): Promise<void> {
  el.focus();
  await fireEvent.click(el);
}

describe('Promotion dialog (keyboard)', () => {
  it('takes the focus, keeps it inside (Tab and Shift+Tab cycle the pieces), and gives it back to the square on Escape', async () => {
    const { onplay, square } = setup();
    await press(square('a7'));
    await press(square('a8'));
    const dialog = screen.getByRole('dialog', { name: 'Promote to' });
    const choices = screen.getAllByRole('button', { name: /^(queen|rook|bishop|knight)$/ });
    expect(document.activeElement).toBe(choices[0]);
    choices[3]!.focus();
    await fireEvent.keyDown(choices[3]!, { key: 'Tab' });
    expect(document.activeElement).toBe(choices[0]);
    await fireEvent.keyDown(choices[0]!, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(choices[3]);
    await fireEvent.keyDown(choices[3]!, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(choices[2]);
    await fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onplay).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(square('a8'));
  });

  it('a picked piece plays the promotion and the focus is back on the board', async () => {
    const { onplay, square } = setup();
    await press(square('a7'));
    await press(square('a8'));
    await press(screen.getByRole('button', { name: 'knight' }));
    expect(onplay).toHaveBeenCalledWith({ from: sq('a7'), to: sq('a8'), promotion: 'knight' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(square('a8'));
  });
});
