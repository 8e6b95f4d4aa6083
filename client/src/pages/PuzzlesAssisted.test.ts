import { fireEvent, render, screen } from '@testing-library/svelte';
import { tick } from 'svelte';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { savedAssistedPuzzles, savedSolvedPuzzles } from '../lib/storage.js';
import PuzzlesPage from './PuzzlesPage.svelte';

// The hint's worker does not run in jsdom: answer as the mate finder would for puzzle 1.
vi.mock('../lib/puzzles/hint.js', () => ({
  requestHint: vi.fn(() => Promise.resolve({ id: 1, found: true, moves: ['d4d3', 'd3c2', 'c2b1q', 'f8b4'] })),
}));

afterEach(() => localStorage.clear());

async function solvePuzzle1(): Promise<void> {
  // Puzzle 1 (Black, a series of 4): d3 dxc2 cxb1=Q Bb4#.
  for (const san of ['d3', 'dxc2', 'cxb1=Q', 'Bb4#']) {
    const input = screen.getByLabelText<HTMLInputElement>('Type a move');
    await fireEvent.input(input, { target: { value: san } });
    await fireEvent.submit(input.form as HTMLFormElement);
    await tick();
  }
}

describe('puzzles: a solve helped by a hint is marked apart', () => {
  it('marks a solve after a hint as assisted, remembered apart from the clean solves', async () => {
    const { unmount } = render(PuzzlesPage, { id: '1' });
    await fireEvent.click(screen.getByRole('button', { name: 'Hint' }));
    await screen.findByText('Try d3');
    await solvePuzzle1();
    expect(screen.getByTestId('puzzle-verdict').textContent).toBe('Mate! Puzzle solved with a hint.');
    expect(screen.getByRole('heading', { name: '0 of 60 solved, 1 more with a hint' })).toBeTruthy();
    expect(screen.getByLabelText('solved with a hint')).toBeTruthy();
    expect(savedAssistedPuzzles()).toEqual(['1']);
    expect(savedSolvedPuzzles()).toEqual([]);
    unmount();
    // A clean solve later counts it solved.
    render(PuzzlesPage, { id: '1' });
    expect(screen.getByLabelText('solved with a hint')).toBeTruthy();
    await solvePuzzle1();
    expect(screen.getByTestId('puzzle-verdict').textContent).toBe('Mate! Puzzle solved.');
    expect(screen.getByRole('heading', { name: '1 of 60 solved' })).toBeTruthy();
    expect(savedSolvedPuzzles()).toEqual(['1']);
    expect(savedAssistedPuzzles()).toEqual([]);
  });
});
