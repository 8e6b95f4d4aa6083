import { APP_ROUTES, inviteLink, type AppPage } from '@progressive-chess/shared';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { matchRoute, type Route } from './router.svelte.js';

/** A path of `pattern` with each parameter filled in. */
const sample = (pattern: string): string => pattern.replace(/:variant/g, 'scottish').replace(/:[a-z]+/g, 'x-1');

describe('the app\'s pages: one table (shared APP_ROUTES) for the server\'s answers and the client\'s router', () => {
  it('every page the router shows has its paths in the table, and no other', () => {
    expectTypeOf<AppPage>().toEqualTypeOf<Exclude<Route['page'], 'not-found'>>();
  });

  it('each path the server answers with the app is routed by the client to its page', () => {
    for (const [page, patterns] of Object.entries(APP_ROUTES)) {
      for (const pattern of patterns) expect(matchRoute(sample(pattern)).page, pattern).toBe(page);
    }
  });

  it('an invitation link encodes its code, and the router reads the code back', () => {
    const link = inviteLink('a/b c', 'https://chess.example');
    expect(link).toBe('https://chess.example/invite/a%2Fb%20c');
    expect(matchRoute(new URL(link).pathname)).toEqual({ page: 'invite', code: 'a/b c' });
  });
});
