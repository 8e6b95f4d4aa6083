import { fireEvent, render, screen } from '@testing-library/svelte';
import { afterEach, describe, expect, it, vi } from 'vitest';
import UserMenu from './UserMenu.svelte';

const ACCOUNT = { playerId: 'p1', username: 'alice', createdAt: 0, ratings: [] };

afterEach(() => vi.unstubAllGlobals());

describe('UserMenu', () => {
  it('an open menu closes on a click elsewhere on the page and on Escape', async () => {
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ account: ACCOUNT }), { status: 200 }));
    render(UserMenu);
    const who = await screen.findByRole('button', { name: /alice/ });
    await fireEvent.click(who);
    expect(screen.queryByRole('menu')).not.toBeNull();
    await fireEvent.click(document.body);
    expect(screen.queryByRole('menu')).toBeNull();
    await fireEvent.click(who);
    await fireEvent.keyDown(window, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    // a click inside the menu's own button still toggles it
    await fireEvent.click(who);
    expect(screen.queryByRole('menu')).not.toBeNull();
  });
});
