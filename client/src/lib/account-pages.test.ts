import { render, screen } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import GameOverBanner from '../components/GameOverBanner.svelte';
import RatingChart from '../components/RatingChart.svelte';
import { matchRoute } from './router.svelte.js';

describe('account pages', () => {
  it('routes the sign-up, log-in, profile and leaderboard pages', () => {
    expect(matchRoute('/signup')).toEqual({ page: 'signup' });
    expect(matchRoute('/login')).toEqual({ page: 'login' });
    expect(matchRoute('/@/Alice_1')).toEqual({ page: 'profile', name: 'Alice_1' });
    expect(matchRoute('/@')).toEqual({ page: 'not-found' });
    expect(matchRoute('/leaderboard')).toEqual({ page: 'leaderboard', variant: null });
    expect(matchRoute('/leaderboard/italian')).toEqual({ page: 'leaderboard', variant: 'italian' });
    expect(matchRoute('/signup/x')).toEqual({ page: 'not-found' });
  });

  it('the game-over banner shows both rating changes', () => {
    render(GameOverBanner, {
      outcome: { result: '1-0', reason: 'checkmate' },
      rematchGameId: null,
      ratings: { white: { before: 1500, after: 1662, provisional: true }, black: { before: 1500, after: 1338, provisional: false } },
      names: { white: 'alice', black: 'bob' },
    });
    expect(screen.getByTestId('rating-changes').textContent).toContain('alice 1500 → 1662? (+162)');
    expect(screen.getByTestId('rating-changes').textContent).toContain('bob 1500 → 1338 (-162)');
  });

  it('the rating chart draws one point per rating, highest at the top', () => {
    const { container } = render(RatingChart, { points: [{ at: 1, rating: 1500 }, { at: 2, rating: 1600 }, { at: 3, rating: 1550 }] });
    const dots = [...container.querySelectorAll('circle')].map((c) => Number(c.getAttribute('cy')));
    expect(dots).toHaveLength(3);
    expect(dots[1]).toBeLessThan(dots[2] ?? 0);
    expect(dots[2]).toBeLessThan(dots[0] ?? 0);
    expect(container.querySelector('path')?.getAttribute('d')).toMatch(/^M[\d.]+,[\d.]+ L[\d.]+,[\d.]+ L/);
  });
});
