import type { FriendsList } from '@progressive-chess/shared';
import { fireEvent, render, screen } from '@testing-library/svelte';
import { afterEach, describe, expect, it, vi } from 'vitest';
import FriendsPanel from '../components/FriendsPanel.svelte';
import SocialButtons from '../components/SocialButtons.svelte';
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

describe('SocialButtons', () => {
  it('follows, blocks (which ends the follow) and reports from a game, with the game', async () => {
    const posts: { url: string; body: unknown }[] = [];
    let following = false;
    let blocked = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (init?.body !== undefined) posts.push({ url, body: JSON.parse(String(init.body)) });
        if (url.endsWith('/follow')) following = true;
        if (url.endsWith('/block')) [blocked, following] = [true, false];
        if (url.includes('follow')) return new Response(JSON.stringify({ friends: following ? [{ username: 'Bob', online: true, playing: [] }] : [] }));
        if (url.includes('block')) return new Response(JSON.stringify({ blocked: blocked ? ['Bob'] : [] }));
        return new Response('{}', { status: 201 });
      }),
    );
    render(SocialButtons, { username: 'bob', gameId: 'g7' });
    await fireEvent.click(await screen.findByRole('button', { name: 'Follow' }));
    await screen.findByRole('button', { name: 'Unfollow' });
    await fireEvent.click(screen.getByRole('button', { name: 'Block' }));
    await screen.findByRole('button', { name: 'Unblock' });
    expect(screen.getByRole('button', { name: 'Follow' })).toHaveProperty('disabled', true);
    await fireEvent.input(screen.getByLabelText('What happened'), { target: { value: 'rude' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Send the report' }));
    await screen.findByText(/the moderators will look at your report/);
    expect(posts.map((p) => p.url)).toEqual(['/api/social/follow', '/api/social/block', '/api/reports']);
    expect(posts[2]?.body).toEqual({ username: 'bob', reason: 'abuse', text: 'rude', gameId: 'g7' });
  });
});
