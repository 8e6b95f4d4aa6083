import { fireEvent, render, screen } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import { router } from '../lib/router.svelte.js';
import AnalysisPage from './AnalysisPage.svelte';

const square = (name: string): HTMLElement => document.querySelector(`[data-testid="analysis-board"] [data-square="${name}"]`) as HTMLElement;
async function move(from: string, to: string): Promise<void> {
  await fireEvent.click(square(from));
  await fireEvent.click(square(to));
}
const sans = (): string[] => [...document.querySelectorAll('.movelist .mv')].map((b) => b.textContent ?? '');
const link = (): URL => new URL((screen.getByTestId('share-link') as HTMLInputElement).value);

afterEach(() => {
  router.search = '';
});

describe('analysis board: play, branch, share, set up', () => {
  it('plays moves by the rules, with the series shown and the turn passing', async () => {
    render(AnalysisPage);
    await move('e2', 'e4');
    await move('e7', 'e5');
    expect(sans()).toEqual(['e4', 'e5']);
    expect(screen.getByTestId('series-label').textContent).toBe('Move 2 of 2');
    expect(link().searchParams.get('moves')).toBe('e2e4,e7e5');
  });

  it('keeps a variation: back one move, another move makes a branch listed beside the main line', async () => {
    render(AnalysisPage);
    await move('e2', 'e4');
    await move('e7', 'e5');
    await fireEvent.click(screen.getByRole('button', { name: 'Previous move' }));
    await move('d7', 'd5');
    expect(sans()).toEqual(['e4', 'd5']);
    const variations = screen.getByTestId('variations');
    expect(variations.textContent).toContain('Instead of d5');
    await fireEvent.click(screen.getByRole('button', { name: 'e5' }));
    expect(sans()).toEqual(['e4', 'e5']);
    expect(screen.queryByRole('button', { name: 'Make main line' })).toBeNull();
    await fireEvent.click(screen.getByRole('button', { name: 'd5' }));
    expect(sans()).toEqual(['e4', 'd5']);
    await fireEvent.click(screen.getByRole('button', { name: 'Make main line' }));
    expect(screen.queryByRole('button', { name: 'Make main line' })).toBeNull();
    await fireEvent.click(screen.getByRole('button', { name: 'Delete from here' }));
    expect(sans()).toEqual(['e4', 'e5']);
    expect(screen.queryByText(/Instead of/)).toBeNull();
  });

  it('opens a shared link at its position and moves', async () => {
    router.search = '?variant=italian&moves=e2e4,e7e5,d7d6';
    render(AnalysisPage);
    expect(sans()).toEqual(['e4', 'e5', 'd6']);
    expect(screen.getByText('Italian', { exact: false, selector: '.tags' })).toBeDefined();
    // Italian: check only with the last move of a series, so Bb5+ as White's first of three is refused, told on the board.
    await move('f1', 'b5');
    expect(screen.getByTestId('board-message').textContent).toBe('Check is allowed only on the last move of the series');
  });

  it('sets up a position that the rules check, and plays from it', async () => {
    render(AnalysisPage);
    await fireEvent.click(screen.getByRole('button', { name: 'Set up a position' }));
    const editor = screen.getByTestId('board-editor');
    await fireEvent.input(screen.getByLabelText('FEN'), { target: { value: '4k3/8/8/8/8/8/8/4K3 w - - 0 1' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Load FEN' }));
    // Take the black king away: the rules refuse the setup.
    await fireEvent.click(screen.getByRole('radio', { name: 'black king' }));
    await fireEvent.click(editor.querySelector('[data-square="e8"]') as HTMLElement);
    await fireEvent.click(screen.getByRole('button', { name: 'Analyse this position' }));
    expect(screen.getByRole('alert').textContent).toBe('black must have exactly one king');
    // Put it on d8 and add a white rook: accepted, White to play turn 1.
    await fireEvent.click(editor.querySelector('[data-square="d8"]') as HTMLElement);
    await fireEvent.click(screen.getByRole('radio', { name: 'white rook' }));
    await fireEvent.click(editor.querySelector('[data-square="a1"]') as HTMLElement);
    expect(screen.getByTestId('editor-fen').textContent).toBe('3k4/8/8/8/8/8/8/R3K3 w - - 0 1');
    await fireEvent.click(screen.getByRole('button', { name: 'Analyse this position' }));
    expect(screen.queryByTestId('board-editor')).toBeNull();
    expect(link().searchParams.get('fen')).toBe('3k4/8/8/8/8/8/8/R3K3 w - - 0 1');
    await move('a1', 'a8');
    expect(sans()).toEqual(['Ra8+']);
  });
});
