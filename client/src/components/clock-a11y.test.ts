import { render, screen } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import PlayerBar from './PlayerBar.svelte';

const bar = { name: 'Boris', online: true, isYou: false, timed: true, remaining: () => 61_000 } as const;

describe('PlayerBar clocks (screen readers)', () => {
  it("each clock is named for its side, and a waiting side's clock says it shows the next turn's time", () => {
    render(PlayerBar, { ...bar, color: 'white', running: true });
    render(PlayerBar, { ...bar, color: 'black', running: false, nextBudget: 30_000 });
    expect(screen.getByRole('timer', { name: "White's clock" }).textContent?.trim()).toBe('1:01');
    expect(screen.getByRole('timer', { name: "Black's clock, next turn" }).textContent?.trim()).toBe('0:30');
  });
});
