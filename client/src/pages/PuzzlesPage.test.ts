import { fireEvent, render, screen } from '@testing-library/svelte';
import { tick } from 'svelte';
import { afterEach, describe, expect, it } from 'vitest';
import { PUZZLES } from '../lib/puzzles/mates60.js';
import { PUZZLE_COUNT, isPuzzleId } from '../lib/puzzles/puzzle-ids.js';
import { matchRoute, pageTitle } from '../lib/router.svelte.js';
import { saveSolvedPuzzles } from '../lib/storage.js';
import PuzzlesPage from './PuzzlesPage.svelte';

const BOGUS = ['0', '61', 'abc', '1.5', '-1', '07'];

afterEach(() => localStorage.clear());

describe('PuzzlesPage', () => {
  it.each(BOGUS)('says there is no puzzle "%s", with a link to the first unsolved one', (id) => {
    saveSolvedPuzzles(['1']);
    render(PuzzlesPage, { id });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('No such puzzle');
    expect(screen.getByTestId('puzzle-missing').textContent).toContain(`There is no puzzle “${id}” here: the puzzles are numbered 1 to 60.`);
    const link = screen.getByRole('link', { name: 'Go to puzzle 2' });
    expect(link.getAttribute('href')).toBe('/puzzles/2');
    // No other puzzle is shown as if it were the one asked for.
    expect(screen.queryByText('Puzzle 2')).toBeNull();
    expect(screen.queryByTestId('puzzles')).toBeNull();
    expect(screen.getAllByRole('button')).toHaveLength(PUZZLES.length);
  });

  it('shows the puzzle asked for, and the first unsolved one at /puzzles', () => {
    saveSolvedPuzzles(['1']);
    const { unmount } = render(PuzzlesPage, { id: '60' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Puzzle 60');
    expect(screen.queryByTestId('puzzle-missing')).toBeNull();
    unmount();
    render(PuzzlesPage, { id: null });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Puzzle 2');
  });
});

describe('PuzzlesPage at /puzzles (no number)', () => {
  it('keeps the puzzle just solved on the board with its verdict, instead of jumping to the next unsolved one', async () => {
    render(PuzzlesPage, { id: null });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Puzzle 1');
    // Puzzle 1 (Black, a series of 4): d3 dxc2 cxb1=Q Bb4#.
    for (const san of ['d3', 'dxc2', 'cxb1=Q', 'Bb4#']) {
      const input = screen.getByLabelText<HTMLInputElement>('Type a move');
      await fireEvent.input(input, { target: { value: san } });
      await fireEvent.submit(input.form!);
      await tick();
    }
    expect(screen.getByTestId('puzzle-verdict').textContent).toBe('Mate! Puzzle solved.');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Puzzle 1');
    expect(screen.queryByRole('heading', { name: '1 of 60 solved' })).not.toBeNull();
  });
});

describe('puzzle URLs in the window title', () => {
  it('name a missing puzzle "No such puzzle"', () => {
    for (const id of BOGUS) expect(pageTitle(matchRoute(`/puzzles/${id}`)), id).toBe('No such puzzle');
    expect(pageTitle(matchRoute('/puzzles'))).toBe('Puzzles');
    expect(pageTitle(matchRoute('/puzzles/1'))).toBe('Puzzles');
    expect(pageTitle(matchRoute('/puzzles/60'))).toBe('Puzzles');
  });

  it('know the same puzzle numbers as the puzzle file', () => {
    expect(PUZZLES.map((p) => p.id)).toEqual(Array.from({ length: PUZZLE_COUNT }, (_, i) => String(i + 1)));
    expect(PUZZLES.every((p) => isPuzzleId(p.id))).toBe(true);
  });
});
