import type { Leaderboard } from '@progressive-chess/shared';
import { render, screen } from '@testing-library/svelte';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { heldFetch } from '../test-utils/held-fetch.js';
import LeaderboardPage from './LeaderboardPage.svelte';

const board = (variant: Leaderboard['variant'], username: string): Leaderboard => ({
  variant,
  players: [{ username, rating: 1600, rd: 100, provisional: false, games: 3 }],
});

afterEach(() => vi.unstubAllGlobals());

describe('LeaderboardPage', () => {
  it("shows the chosen variant's players, even when the variant shown before answers later", async () => {
    const answer = heldFetch(() => null);
    const page = render(LeaderboardPage, { variant: null });
    await page.rerender({ variant: 'italian' });
    await answer('/italian', board('italian', 'italo'));
    await answer('/scottish', board('scottish', 'scot'));
    expect(screen.getByTestId('leaderboard').textContent).toContain('italo');
    expect(screen.getByTestId('leaderboard').textContent).not.toContain('scot');
  });
});
