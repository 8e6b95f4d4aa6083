import { render, screen } from '@testing-library/svelte';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { summary } from '../../lib/tournaments/fixtures.js';
import TournamentBanner from './TournamentBanner.svelte';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('TournamentBanner (the lobby\'s next event)', () => {
  it('names the next scheduled tournament with a live countdown to its start', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(1_000_000);
    const next = summary({ id: 'n1', name: 'Hourly Scottish', status: 'upcoming', startsAt: 1_000_000 + 65_000 });
    const lists = { upcoming: [summary({ id: 'u1', name: 'Later', status: 'upcoming', startsAt: 1_000_000 + 3_600_000, createdBy: 'bob' }), next], running: [], finished: [] };
    vi.stubGlobal('fetch', () => Promise.resolve(new Response(JSON.stringify(lists))));
    render(TournamentBanner);
    const link = await screen.findByRole('link', { name: 'Next tournament: Hourly Scottish' });
    expect(link.getAttribute('href')).toBe('/tournament/n1');
    expect(screen.getByText('Starts in 01:05')).toBeTruthy();
    await vi.advanceTimersByTimeAsync(5000);
    expect(screen.getByText('Starts in 01:00')).toBeTruthy();
  });

  it('shows nothing when no tournament is upcoming or running', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(new Response(JSON.stringify({ upcoming: [], running: [], finished: [] }))));
    const { container } = render(TournamentBanner);
    await new Promise((r) => setTimeout(r, 0));
    expect(container.querySelector('[data-testid="tournament-banner"]')).toBeNull();
  });
});
