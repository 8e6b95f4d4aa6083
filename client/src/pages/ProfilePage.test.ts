import type { ArchivedGameItem, PlayerProfile } from '@progressive-chess/shared';
import { fireEvent, render, screen } from '@testing-library/svelte';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { navigate } from '../lib/router.svelte.js';
import { heldFetch } from '../test-utils/held-fetch.js';
import ProfilePage from './ProfilePage.svelte';

const PROFILE: PlayerProfile = { username: 'alice', createdAt: 0, ratings: [], history: {}, recentGames: [] };

function item(id: string, outcome: 'win' | 'loss'): ArchivedGameItem {
  return {
    id,
    variant: 'scottish',
    rated: false,
    white: 'alice',
    black: 'bob',
    result: outcome === 'win' ? '1-0' : '0-1',
    reason: 'resignation',
    outcome,
    turns: 3,
    endedAt: 0,
    ratings: null,
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  navigate('/', true);
});

describe('ProfilePage', () => {
  it("shows the games of the filter chosen last, even when an earlier filter's answer comes later", async () => {
    const answer = heldFetch((url) => (url.includes('/games') ? null : PROFILE));
    render(ProfilePage, { name: 'alice' });
    const filter = await screen.findByLabelText<HTMLSelectElement>('Filter by result');
    await fireEvent.change(filter, { target: { value: 'win' } });
    await fireEvent.change(filter, { target: { value: 'loss' } });
    await answer('games?result=loss', { games: [item('lost1', 'loss')], next: null });
    await answer('games?result=win', { games: [item('won1', 'win')], next: null });
    await answer('games?', { games: [item('won1', 'win'), item('lost1', 'loss')], next: null });
    const links = screen.getByTestId('archive-list').querySelectorAll('a');
    expect([...links].map((a) => a.getAttribute('href'))).toEqual(['/game/lost1']);
  });

  it('an empty filtered list says no game matches the filters (not "No game yet.")', async () => {
    const answer = heldFetch((url) => (url.includes('/games') ? null : PROFILE));
    render(ProfilePage, { name: 'alice' });
    await answer('games?', { games: [item('won1', 'win')], next: null });
    await fireEvent.change(await screen.findByLabelText('Filter by result'), { target: { value: 'draw' } });
    await answer('games?result=draw', { games: [], next: null });
    expect(screen.queryByText('No game matches these filters.')).not.toBeNull();
    expect(screen.queryByText('No game yet.')).toBeNull();
  });

  it('keeps its filters in the URL: a reload or Back from a game shows the same filtered list', async () => {
    navigate('/@/alice?result=win', true);
    const answer = heldFetch((url) => (url.includes('/games') ? null : PROFILE));
    const first = render(ProfilePage, { name: 'alice' });
    expect((await screen.findByLabelText<HTMLSelectElement>('Filter by result')).value).toBe('win');
    await answer('games?result=win', { games: [item('won1', 'win')], next: null });
    await fireEvent.change(screen.getByLabelText('Filter by variant'), { target: { value: 'italian' } });
    expect(location.pathname + location.search).toBe('/@/alice?variant=italian&result=win');
    first.unmount();
    render(ProfilePage, { name: 'alice' });
    expect((await screen.findByLabelText<HTMLSelectElement>('Filter by variant')).value).toBe('italian');
    await answer('games?variant=italian&result=win', { games: [], next: null });
  });
});
