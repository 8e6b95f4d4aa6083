import { describe, expect, it } from 'vitest';
import { matchRoute, pageTitle } from './router.svelte.js';

describe('lost password and settings pages', () => {
  it('are routes of their own (the mailed reset link opens /reset-password?token=...)', () => {
    expect(matchRoute('/reset-password')).toEqual({ page: 'recover' });
    expect(pageTitle(matchRoute('/reset-password'))).toBe('Lost password');
    expect(matchRoute('/settings')).toEqual({ page: 'settings' });
    expect(matchRoute('/settings/more')).toEqual({ page: 'not-found' });
  });
});
