import { render, screen } from '@testing-library/svelte';
import type { Seek } from '@progressive-chess/shared';
import { describe, expect, it } from 'vitest';
import PlayerBar from './PlayerBar.svelte';
import SeekList from './SeekList.svelte';

const bar = { name: 'vіctim1', online: true, isYou: false, timed: false, running: false, remaining: () => 0 };

describe('guests are marked as guests', () => {
  it("a guest's name in a game's player bar carries a guest tag; an account's does not", () => {
    const guest = render(PlayerBar, { ...bar, color: 'white', guest: true });
    expect(guest.container.querySelector('.name')?.textContent).toMatch(/vіctim1\s*guest/);
    guest.unmount();
    render(PlayerBar, { ...bar, name: 'victim1', color: 'black' });
    expect(screen.queryByText('guest')).toBeNull();
  });

  it("a guest's seek in the lobby carries the tag", () => {
    const seek = (id: string, creator: Seek['creator']): Seek => ({
      id,
      variant: 'italian',
      timeControl: { kind: 'none' },
      color: 'black',
      visibility: 'public',
      creator,
      createdAt: 0,
    });
    render(SeekList, {
      seeks: [seek('s1', { id: 'p1', name: 'vіctim1', guest: true }), seek('s2', { id: 'p2', name: 'victim1', rating: 1500 })],
      myId: 'me',
      onaccept: () => {},
      oncancel: () => {},
    });
    const rows = screen.getByTestId('seek-list').querySelectorAll('li');
    expect(rows[0]?.querySelector('.who')?.textContent).toMatch(/guest/);
    expect(rows[1]?.querySelector('.who')?.textContent).not.toMatch(/guest/);
  });
});
