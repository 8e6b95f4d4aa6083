import { cleanup, fireEvent, render, screen } from '@testing-library/svelte';
import type { MoveRecord, VariantId } from '@progressive-chess/shared';
import { describe, expect, it, vi } from 'vitest';
import GameOverBanner from './GameOverBanner.svelte';
import MoveList from './MoveList.svelte';
import SeriesIndicator from './SeriesIndicator.svelte';

const rec = (san: string, turn: number, index: number, extra: Partial<MoveRecord> = {}): MoveRecord => ({
  uci: 'a2a3',
  san,
  color: turn % 2 === 1 ? 'white' : 'black',
  turn,
  index,
  turnEnded: false,
  at: 0,
  ...extra,
});

describe('MoveList', () => {
  const moves = [rec('e4', 1, 1, { turnEnded: true }), rec('e6', 2, 1, { cycleEnd: true }), rec('f6', 2, 2, { turnEnded: true }), rec('e5', 3, 1)];

  it('writes one row per turn with English cycle marks', () => {
    const { container } = render(MoveList, { moves, viewPly: null, onview: () => {} });
    const rows = [...container.querySelectorAll('li')].map((li) => li.textContent?.replace(/\s+/g, ' ').trim());
    expect(rows).toEqual(['1. e4', '2. e6//f6', '3. e5']);
  });

  it('browses history: a click views that position, "Back to live" returns', async () => {
    const onview = vi.fn();
    const { rerender } = render(MoveList, { moves, viewPly: null, onview });
    await fireEvent.click(screen.getByRole('button', { name: 'Turn 2, move 1: e6' }));
    expect(onview).toHaveBeenLastCalledWith(2);
    await rerender({ moves, viewPly: 2, onview });
    await fireEvent.click(screen.getByRole('button', { name: 'Back to live' }));
    expect(onview).toHaveBeenLastCalledWith(null);
  });

  it('an empty list hints at the first turns from where the game starts (a set-up position may start at Black\'s turn 4)', () => {
    const hint = (props: { variant?: VariantId; initialTurn?: number }) => {
      const { container } = render(MoveList, { moves: [], viewPly: null, onview: () => {}, ...props });
      const text = container.querySelector('li')?.textContent;
      cleanup();
      return text;
    };
    expect(hint({})).toBe('White plays 1 move, then Black 2, White 3...');
    expect(hint({ initialTurn: 4 })).toBe('Black plays 4 moves, then White 5, Black 6...');
    expect(hint({ initialTurn: 1, variant: 'cost-fibonacci' })).toBe('White plays 1 point, then Black 1, White 2...');
  });
});

describe('SeriesIndicator', () => {
  it('shows whose series, the move count, one pip per move and the pass button', async () => {
    const onpass = vi.fn();
    const series = {
      turn: 5,
      color: 'white' as const,
      unit: 'moves' as const,
      budget: 5,
      used: 2,
      left: 3,
      label: 'Move 3 of 5',
      pips: ['done', 'done', 'next', 'todo', 'todo'] as const,
      costs: null,
      playOn: null,
    };
    const { container } = render(SeriesIndicator, {
      series,
      myColor: 'white',
      cycleLeft: 0,
      earlyChecks: ['Qd1-h5'],
      canPass: true,
      onpass,
    });
    expect(screen.queryByText('Your series')).not.toBeNull();
    expect(screen.getByTestId('series-label').textContent).toBe('Move 3 of 5');
    expect(container.querySelectorAll('.pip')).toHaveLength(5);
    expect(container.querySelectorAll('.pip.done')).toHaveLength(2);
    expect(screen.queryByText(/Qd1-h5 would give check too early/)).not.toBeNull();
    // Pass is for cost variants only (series with costs).
    expect(screen.queryByRole('button', { name: 'Pass the rest' })).toBeNull();
    expect(screen.queryByTestId('ten-turn-play-on')).toBeNull();
  });

  it('shows the ten-turn rule\'s play-on notice', () => {
    const playOn = 'Ten quiet turns: White can force mate, play on';
    const series = { turn: 21, color: 'white' as const, unit: 'moves' as const, budget: 21, used: 0, left: 21, label: 'Move 1 of 21', pips: null, costs: null, playOn };
    render(SeriesIndicator, { series, myColor: null, cycleLeft: 0, earlyChecks: [], canPass: false, onpass: () => {} });
    expect(screen.getByTestId('ten-turn-play-on').textContent).toBe(playOn);
  });
});

describe('GameOverBanner', () => {
  it('states the result and the reason in plain words', () => {
    render(GameOverBanner, { outcome: { result: '1-0', reason: 'progressive-checkmate' }, rematchGameId: null });
    expect(screen.getByTestId('game-over').textContent).toContain('White wins');
    expect(screen.getByTestId('game-over').textContent).toContain('every way out of it would have given check before the last move of the series');
  });
});
