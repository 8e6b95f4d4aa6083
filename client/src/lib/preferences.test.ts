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
    expect(JSON.parse(localStorage.getItem('pcl.preferences') ?? '{}')).toEqual({ theme: 'dark', board: 'green', coordinates: false });
  });

  it('reads the remembered ones at start (after a reload), ignoring unknown values', async () => {
    localStorage.setItem('pcl.preferences', JSON.stringify({ theme: 'light', board: 'purple' }));
    const { preferences } = await import('./preferences.svelte.js');
    expect(preferences.theme).toBe('light');
    expect(preferences.board).toBe('brown');
    expect(preferences.coordinates).toBe(true);
  });
});
