import type { Outcome } from '@progressive-chess/shared';
import { m } from './i18n.svelte.js';

/** What the window's title says of a game (`documentTitle`): its players, and whether it waits for you. */
export interface GameTitleView {
  readonly players: { readonly white: { readonly name: string }; readonly black: { readonly name: string } } | undefined;
  readonly isMyTurn: boolean;
  readonly outcome: Outcome | null;
}

/**
 * The game page's part of the window's title: "Your turn · Ann vs Ben" while your series waits (a
 * tab among others says so), "Ann vs Ben · 1-0" once it is over, "Ann vs Ben" otherwise; "Game"
 * before the game is known.
 */
export function gameTitle(g: GameTitleView): string {
  if (!g.players) return m.title_game();
  const names = m.title_players({ white: g.players.white.name, black: g.players.black.name });
  if (g.outcome) return m.title_over({ names, result: g.outcome.result ?? m.title_aborted() });
  return g.isMyTurn ? m.title_your_turn({ names }) : names;
}

/** The lobby's part of the window's title while games of yours wait for your series: "Your turn in 2 games · Lobby" (null: none waits). */
export function lobbyTitle(gamesOnYourTurn: number): string | null {
  if (gamesOnYourTurn === 0) return null;
  return m.title_lobby_your_turn({ count: gamesOnYourTurn });
}
