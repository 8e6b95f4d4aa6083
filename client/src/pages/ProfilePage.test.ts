import type { ArchivedGameItem, GamesPage, PlayerProfile } from '@progressive-chess/shared';
import { fireEvent, render, screen } from '@testing-library/svelte';
import { tick } from 'svelte';
import { afterEach, describe, expect, it, vi } from 'vitest';
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

/** The server's answers, each held until the test lets it through. */
function heldFetch() {
  const held = new Map<string, (body: unknown) => void>();
  vi.stubGlobal('fetch', (url: string) => {
    if (!url.includes('/games')) return Promise.resolve(new Response(JSON.stringify(PROFILE), { status: 200 }));
    return new Promise<Response>((resolve) => held.set(url, (body) => resolve(new Response(JSON.stringify(body), { status: 200 }))));
  });
  return async (fragment: string, body: GamesPage): Promise<void> => {
    const url = [...held.keys()].find((u) => u.endsWith(fragment));
    if (!url) throw new Error(`no request ending with ${fragment}: ${[...held.keys()].join(', ')}`);
    held.get(url)?.(body);
    held.delete(url);
    await new Promise((r) => setTimeout(r, 0));
    await tick();
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('ProfilePage', () => {
  it("shows the games of the filter chosen last, even when an earlier filter's answer comes later", async () => {
    const answer = heldFetch();
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
    const answer = heldFetch();
    render(ProfilePage, { name: 'alice' });
    await answer('games?', { games: [item('won1', 'win')], next: null });
    await fireEvent.change(await screen.findByLabelText('Filter by result'), { target: { value: 'draw' } });
    await answer('games?result=draw', { games: [], next: null });
    expect(screen.getByText('No game matches these filters.')).toBeTruthy();
    expect(screen.queryByText('No game yet.')).toBeNull();
  });
});
