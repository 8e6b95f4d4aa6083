/** A tiny router on `location.pathname`. */
import { VARIANT_IDS, type VariantId } from '@progressive-chess/shared';
import { m } from './i18n.svelte.js';
import { isPuzzleId } from './puzzles/puzzle-ids.js';

const isVariantId = (s: string): s is VariantId => (VARIANT_IDS as readonly string[]).includes(s);

export type Route =
  | { readonly page: 'lobby' }
  | { readonly page: 'game'; readonly id: string }
  | { readonly page: 'invite'; readonly code: string }
  | { readonly page: 'rules'; readonly variant: string | null }
  | { readonly page: 'analysis' }
  | { readonly page: 'puzzles'; readonly id: string | null }
  | { readonly page: 'training'; readonly id: string | null }
  | { readonly page: 'signup' }
  | { readonly page: 'login' }
  | { readonly page: 'recover' }
  | { readonly page: 'settings' }
  | { readonly page: 'profile'; readonly name: string }
  | { readonly page: 'leaderboard'; readonly variant: string | null }
  | { readonly page: 'tv'; readonly variant: VariantId | null }
  | { readonly page: 'friends' }
  | { readonly page: 'moderation' }
  | { readonly page: 'tournaments' }
  | { readonly page: 'tournament'; readonly id: string }
  | { readonly page: 'not-found' };

export function matchRoute(path: string): Route {
  const parts = path.split('/').filter((p) => p !== '').map(decodeURIComponent);
  const [head, arg, ...rest] = parts;
  if (head === undefined) return { page: 'lobby' };
  if (rest.length > 0) return { page: 'not-found' };
  if (head === 'game' && arg) return { page: 'game', id: arg };
  if (head === 'invite' && arg) return { page: 'invite', code: arg };
  if (head === 'rules') return { page: 'rules', variant: arg ?? null };
  if (head === 'analysis' && arg === undefined) return { page: 'analysis' };
  if (head === 'puzzles') return { page: 'puzzles', id: arg ?? null };
  if (head === 'training') return { page: 'training', id: arg ?? null };
  if (head === 'signup' && !arg) return { page: 'signup' };
  if (head === 'login' && !arg) return { page: 'login' };
  if (head === 'reset-password' && !arg) return { page: 'recover' };
  if (head === 'settings' && !arg) return { page: 'settings' };
  if (head === '@' && arg) return { page: 'profile', name: arg };
  if (head === 'leaderboard') return { page: 'leaderboard', variant: arg ?? null };
  if (head === 'tv' && (arg === undefined || isVariantId(arg))) return { page: 'tv', variant: arg ?? null };
  if (head === 'friends' && !arg) return { page: 'friends' };
  if (head === 'moderation' && !arg) return { page: 'moderation' };
  if (head === 'tournaments' && !arg) return { page: 'tournaments' };
  if (head === 'tournament' && arg) return { page: 'tournament', id: arg };
  return { page: 'not-found' };
}

/** The page's name in the window's title ("<name> · Progressive Chess Live"). */
export function pageTitle(route: Route): string {
  switch (route.page) {
    case 'lobby':
      return m.page_lobby();
    case 'game':
      return m.title_game();
    case 'invite':
      return m.page_invitation();
    case 'rules':
      return m.nav_rules();
    case 'analysis':
      return m.nav_analysis();
    case 'puzzles':
      return route.id === null || isPuzzleId(route.id) ? m.nav_puzzles() : m.page_no_such_puzzle();
    case 'training':
      return m.nav_training();
    case 'signup':
      return m.sign_up();
    case 'login':
      return m.log_in();
    case 'recover':
      return m.page_lost_password();
    case 'settings':
      return m.menu_settings();
    case 'profile':
      return route.name;
    case 'leaderboard':
      return m.nav_leaderboard();
    case 'tv':
      return m.nav_tv();
    case 'friends':
      return m.nav_friends();
    case 'moderation':
      return m.page_moderation();
    case 'tournaments':
      return m.nav_tournaments();
    case 'tournament':
      return m.page_tournament();
    case 'not-found':
      return m.page_not_found();
  }
}

/**
 * The page's path (it decides the route) and its query (read by pages such as /analysis?game=...);
 * `previous`: the path and query of the page shown before it in this tab (null on the first page),
 * where a page such as sign-up returns to.
 */
export const router: { path: string; search: string; previous: string | null } = $state({
  path: typeof location === 'undefined' ? '/' : location.pathname,
  search: typeof location === 'undefined' ? '' : location.search,
  previous: null,
});

function follow(): void {
  const was = router.path + router.search;
  if (location.pathname !== router.path) router.previous = was;
  router.path = location.pathname;
  router.search = location.search;
}

/**
 * Where a page offered as a detour (sign-up, log-in) sends the player back to: `next` when it is a
 * path of this site (never another origin: `//host` or `/\host`), else null.
 */
export function returnPath(next: string | null): string | null {
  if (next === null || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  return next;
}

export function navigate(path: string, replace = false): void {
  if (path === router.path + router.search) return;
  if (replace) history.replaceState(null, '', path);
  else history.pushState(null, '', path);
  follow();
  window.scrollTo(0, 0);
}

/** Replaces the query of this page's URL (a page's own state, e.g. its filters), kept by Back and reload; no scrolling. */
export function replaceQuery(query: URLSearchParams): void {
  const search = query.size > 0 ? `?${query.toString()}` : '';
  if (search === router.search) return;
  history.replaceState(history.state, '', `${location.pathname}${search}`);
  follow();
}

if (typeof window !== 'undefined') window.addEventListener('popstate', follow);
