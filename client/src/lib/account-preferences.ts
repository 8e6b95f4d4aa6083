/**
 * A member's preferences follow the account (issue 36): at login (or a page load signed in) the
 * account's are taken and applied without a reload, or, the first time, this browser's are saved
 * to it; while signed in, every change the player makes is sent (`PUT /api/account/preferences`).
 * Guests keep theirs in the browser only (preferences.svelte.ts, i18n.svelte.ts).
 */
import type { Preferences, PreferencesAnswer } from '@progressive-chess/shared';
import { api } from './api.js';
import { language, onLanguageChosen, useLanguage } from './i18n.svelte.js';
import { preferences } from './preferences.svelte.js';

let member = false;

const current = (): Preferences => ({ language: language.current, ...preferences.current() });

async function send(): Promise<void> {
  if (member) await api<PreferencesAnswer>('/api/account/preferences', current(), { method: 'PUT' });
}

preferences.onchange = () => void send();
onLanguageChosen(() => void send());

/** Signed in (`true`, after login, sign-up or a page load with a session) or out: takes or saves the account's preferences. */
export async function syncPreferences(signedIn: boolean): Promise<void> {
  member = signedIn;
  if (!signedIn) return;
  const res = await api<PreferencesAnswer>('/api/account/preferences');
  if (!res.ok) return;
  // an answer without preferences (a server without the route behind a proxy, a test's stub) changes nothing
  const p = (res.data as Partial<PreferencesAnswer>).preferences;
  if (p === null) return send();
  if (p === undefined) return;
  const { language: saved, ...rest } = p;
  useLanguage(saved);
  preferences.adopt(rest);
}
