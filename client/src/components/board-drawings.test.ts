import { fireEvent, render } from '@testing-library/svelte';
import type { Piece } from '@progressive-chess/shared';
import { describe, expect, it } from 'vitest';
import Board from './Board.svelte';

const pieces = (): Array<Piece | undefined> => new Array<Piece | undefined>(64).fill(undefined);

function setup() {
  const r = render(Board, { pieces: pieces() });
  const square = (name: string): HTMLElement => r.container.querySelector(`[data-square="${name}"]`) as HTMLElement;
  const right = async (from: string, to: string, keys: { shiftKey?: boolean } = {}): Promise<void> => {
    await fireEvent.pointerDown(square(from), { button: 2, ...keys });
    await fireEvent.pointerUp(square(to), { button: 2, ...keys });
  };
  const arrows = (): Element[] => [...r.container.querySelectorAll('.drawings line.arrow')];
  const circles = (): Element[] => [...r.container.querySelectorAll('.drawings circle.circle')];
  return { r, square, right, arrows, circles };
}

describe('Board: arrows and circles with the right button', () => {
  it('draws an arrow by a right-drag and removes it by the same drag again', async () => {
    const b = setup();
    await b.right('e2', 'e4');
    expect(b.arrows()).toHaveLength(1);
    expect(b.arrows()[0]?.getAttribute('data-color')).toBe('green');
    await b.right('e2', 'e4');
    expect(b.arrows()).toHaveLength(0);
  });

  it('draws a circle by a right-click, in red with Shift, and a left click clears everything', async () => {
    const b = setup();
    await b.right('d5', 'd5', { shiftKey: true });
    await b.right('g1', 'f3');
    expect(b.circles().map((c) => c.getAttribute('data-color'))).toEqual(['red']);
    expect(b.arrows()).toHaveLength(1);
    await fireEvent.pointerDown(b.square('a1'), { button: 0 });
    expect(b.circles()).toHaveLength(0);
    expect(b.arrows()).toHaveLength(0);
  });

  it('opens no context menu on the board', async () => {
    const b = setup();
    const board = b.r.container.querySelector('.board') as HTMLElement;
    const ev = new MouseEvent('contextmenu', { bubbles: true, cancelable: true });
    board.dispatchEvent(ev);
    expect(ev.defaultPrevented).toBe(true);
  });
});
