import type { FriendsList } from '@progressive-chess/shared';
import { render, screen } from '@testing-library/svelte';
import { afterEach, describe, expect, it, vi } from 'vitest';
import FriendsPanel from '../components/FriendsPanel.svelte';
import { lobbyError } from './lobby.svelte.js';
import { matchRoute } from './router.svelte.js';
import { nextOnTv } from './tv.js';

afterEach(() => vi.unstubAllGlobals());

describe('TV', () => {
  it('keeps the game shown until it is over, then shows the channel’s choice after a pause', () => {
    expect(nextOnTv(null, 'a', false)).toEqual({ show: 'a', pause: false });
    expect(nextOnTv('a', 'b', false)).toEqual({ show: 'a', pause: false });
    expect(nextOnTv('a', 'b', true)).toEqual({ show: 'b', pause: true });
    expect(nextOnTv('a', null, true)).toEqual({ show: 'a', pause: false });
  });

  it('has a channel per variant, and the friends and moderation pages their routes', () => {
    expect(matchRoute('/tv')).toEqual({ page: 'tv', variant: null });
    expect(matchRoute('/tv/italian')).toEqual({ page: 'tv', variant: 'italian' });
    expect(matchRoute('/tv/nope')).toEqual({ page: 'not-found' });
    expect(matchRoute('/friends')).toEqual({ page: 'friends' });
    expect(matchRoute('/moderation')).toEqual({ page: 'moderation' });
  });
});

describe('the fair-play guard in the lobby', () => {
  it('says why seeking is refused and until when', () => {
    const until = new Date(2026, 0, 1, 14, 5).getTime();
    const text = lobbyError({ ok: false, code: 'playban', message: 'server words', until });
    expect(text).toMatch(/^You aborted or left too many games recently: you may seek again at /);
    expect(text).toContain(new Date(until).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' }));
  });
});

describe('FriendsPanel', () => {
  it('lists the players I follow, online first, with their games to watch', async () => {
    const list: FriendsList = {
      friends: [
        { username: 'ann', online: false, playing: [] },
        { username: 'bob', online: true, playing: ['g1'] },
      ],
    };
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(list), { status: 200 })));
    render(FriendsPanel);
    const rows = await screen.findAllByTestId('friend');
    expect(rows.map((r) => [r.textContent?.replace(/\s+/g, ' ').trim(), r.dataset.online])).toEqual([
      ['bob playing Watch', 'true'],
      ['ann offline', 'false'],
    ]);
    expect(screen.getByRole('link', { name: 'Watch' }).getAttribute('href')).toBe('/game/g1');
  });
});
