import { fireEvent, render, screen } from '@testing-library/svelte';
import { tick } from 'svelte';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { view } from '../../lib/tournaments/fixtures.js';
import TournamentGameBar from './TournamentGameBar.svelte';

afterEach(() => vi.unstubAllGlobals());

const settle = async (): Promise<void> => {
  await new Promise((r) => setTimeout(r, 0));
  await tick();
};

describe('TournamentGameBar (the game page of a tournament game)', () => {
  it('links the tournament by name, and offers berserk before my first move in an arena', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(new Response(JSON.stringify({ view: view(1) }))));
    let answer = false;
    const onberserk = vi.fn(() => Promise.resolve(answer));
    render(TournamentGameBar, {
      tournamentId: 't1',
      myColor: 'white',
      berserk: { allowed: true, white: false, black: false },
      beforeMyFirstMove: true,
      onberserk,
    });
    await settle();
    expect(screen.getByRole('link', { name: 'Tournament game: Hourly Scottish' }).getAttribute('href')).toBe('/tournament/t1');
    const button = screen.getByRole('button', { name: 'Berserk: halve my clock' });
    // refused (the server has the last word): still offered
    await fireEvent.click(button);
    await settle();
    expect(onberserk).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Berserk: halve my clock' })).toBeTruthy();
    answer = true;
    await fireEvent.click(screen.getByRole('button', { name: 'Berserk: halve my clock' }));
    await settle();
    expect(screen.queryByRole('button', { name: /Berserk/ })).toBeNull();
    expect(screen.getByRole('status').textContent).toContain('Berserk!');
  });

  it('offers no berserk outside an arena, to a spectator, or after my first move', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(new Response(JSON.stringify({ view: view(1) }))));
    const props = { tournamentId: 't1', myColor: 'white' as const, berserk: { allowed: true, white: false, black: false }, beforeMyFirstMove: true, onberserk: () => Promise.resolve(true) };
    const { rerender } = render(TournamentGameBar, { ...props, berserk: null });
    await settle();
    expect(screen.queryByRole('button')).toBeNull();
    await rerender({ ...props, myColor: null });
    expect(screen.queryByRole('button')).toBeNull();
    await rerender({ ...props, beforeMyFirstMove: false });
    expect(screen.queryByRole('button')).toBeNull();
    await rerender({ ...props, berserk: { allowed: true, white: true, black: false }, beforeMyFirstMove: false });
    expect(screen.getByRole('status').textContent).toContain('Berserk!');
  });
});
