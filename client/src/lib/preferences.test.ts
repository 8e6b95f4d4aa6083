import { fireEvent, render, screen } from '@testing-library/svelte';
import { flushSync } from 'svelte';
import { afterEach, describe, expect, it, vi } from 'vitest';
import SettingsMenu from '../components/SettingsMenu.svelte';

afterEach(() => {
  localStorage.clear();
  vi.resetModules();
});

describe('preferences', () => {
  it('applies the theme and board colours at once and remembers them', async () => {
    const { preferences } = await import('./preferences.svelte.js');
    render(SettingsMenu);
    flushSync();
    expect(document.documentElement.dataset.theme).toBeUndefined(); // the system's
    expect(document.documentElement.dataset.board).toBe('brown');
    await fireEvent.change(screen.getByLabelText('Theme'), { target: { value: 'dark' } });
    await fireEvent.change(screen.getByLabelText('Board'), { target: { value: 'green' } });
    expect(document.documentElement.dataset.coords).toBe('on');
    await fireEvent.click(screen.getByLabelText('Coordinates'));
    expect(document.documentElement.dataset.coords).toBe('off');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(document.documentElement.dataset.board).toBe('green');
    expect(preferences.theme).toBe('dark');
    expect(JSON.parse(localStorage.getItem('pcl.preferences') ?? '{}')).toMatchObject({ theme: 'dark', board: 'green', coordinates: false });
  });

  it('reads the remembered ones at start (after a reload), ignoring unknown values', async () => {
    localStorage.setItem('pcl.preferences', JSON.stringify({ theme: 'light', board: 'purple' }));
    const { preferences } = await import('./preferences.svelte.js');
    expect(preferences.theme).toBe('light');
    expect(preferences.board).toBe('brown');
    expect(preferences.coordinates).toBe(true);
  });

  it('sets the piece set, animation speed, move confirmation and volume from the menu, applied at once', async () => {
    // the menu's module instance (imported above), as the page has it
    const { SLIDE_MS } = await import('./slide.js');
    const { noteGain } = await import('./sounds.js');
    render(SettingsMenu);
    flushSync();
    await fireEvent.change(screen.getByLabelText('Pieces'), { target: { value: 'line' } });
    expect(document.documentElement.dataset.pieces).toBe('line');
    await fireEvent.change(screen.getByLabelText('Animation'), { target: { value: 'none' } });
    expect(SLIDE_MS.none).toBe(0);
    await fireEvent.click(screen.getByLabelText('Confirm moves in correspondence games'));
    await fireEvent.change(screen.getByLabelText('Sound volume'), { target: { value: '40' } });
    expect(noteGain(0.3, 40)).toBeCloseTo(0.12);
    expect(noteGain(0.3, 0)).toBe(0);
    expect(JSON.parse(localStorage.getItem('pcl.preferences') ?? '{}')).toMatchObject({ pieces: 'line', animation: 'none', confirmMoves: true, volume: 40 });
  });

  it('a member\'s preferences: the account\'s are taken at login (language too); each change is sent back', async () => {
    const sent: unknown[] = [];
    const account = { language: 'ru', theme: 'dark', board: 'blue', coordinates: false, pieces: 'line', animation: 'slow', confirmMoves: true, volume: 20 };
    vi.stubGlobal('fetch', async (path: string, init?: RequestInit) => {
      if (init?.method === 'PUT') sent.push(JSON.parse(String(init.body)));
      return new Response(JSON.stringify({ preferences: path === '/api/account/preferences' ? account : null }), { status: 200 });
    });
    try {
      const { syncPreferences } = await import('./account-preferences.js');
      const { preferences } = await import('./preferences.svelte.js');
      const { language, setLanguage } = await import('./i18n.svelte.js');
      await syncPreferences(true);
      expect(language.current).toBe('ru');
      expect(document.documentElement.dataset.board).toBe('blue');
      expect(preferences.current()).toEqual({ theme: 'dark', board: 'blue', coordinates: false, pieces: 'line', animation: 'slow', confirmMoves: true, volume: 20 });
      expect(sent).toEqual([]); // taken, not sent back
      preferences.set({ volume: 60 });
      setLanguage('it');
      await vi.waitFor(() => expect(sent).toHaveLength(2));
      expect(sent[1]).toEqual({ ...account, language: 'it', volume: 60 });
      await syncPreferences(false);
      preferences.set({ volume: 10 });
      expect(sent).toHaveLength(2); // a guest's stay in the browser
      setLanguage('en');
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
