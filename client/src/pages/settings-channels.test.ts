import { DEFAULT_NOTIFICATION_PREFS, type NotificationPrefs } from '@progressive-chess/shared';
import { fireEvent, render, screen } from '@testing-library/svelte';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { me } from '../lib/account.svelte.js';
import SettingsPage from './SettingsPage.svelte';

afterEach(() => {
  vi.unstubAllGlobals();
  me.account = null;
});

describe('the settings page: notification channels', () => {
  it('shows each kind on each channel (bell, push, e-mail) and sends one channel when a box changes', async () => {
    let prefs: NotificationPrefs = DEFAULT_NOTIFICATION_PREFS;
    const posted: unknown[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
      if (url === '/api/notifications/prefs' && init.method === 'POST') {
        const body = JSON.parse(String(init.body)) as Partial<NotificationPrefs>;
        posted.push(body);
        prefs = { ...prefs, ...body };
      }
      const data = url === '/api/notifications/prefs' ? prefs : { email: null, verified: false, digest: false };
      return new Response(JSON.stringify(data), { status: 200 });
    });
    me.account = { playerId: 'p1', username: 'alice', createdAt: 0, ratings: [] };
    render(SettingsPage);
    const challengeByMail = await screen.findByLabelText('Challenges to me: E-mail');
    expect((challengeByMail as HTMLInputElement).checked).toBe(false);
    expect((screen.getByLabelText('My turn in a correspondence game: E-mail') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('A player follows me: Bell') as HTMLInputElement).checked).toBe(true);
    await fireEvent.click(challengeByMail);
    await vi.waitFor(() => expect(posted).toEqual([{ email: ['your-turn', 'challenge'] }]));
    await vi.waitFor(() => expect((screen.getByLabelText('Challenges to me: E-mail') as HTMLInputElement).checked).toBe(true));
  });
});
