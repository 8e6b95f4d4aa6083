import type { Outcome } from '@progressive-chess/shared';

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
  if (!g.players) return 'Game';
  const names = `${g.players.white.name} vs ${g.players.black.name}`;
  if (g.outcome) return `${names} · ${g.outcome.result ?? 'aborted'}`;
  return g.isMyTurn ? `Your turn · ${names}` : names;
}

/** The lobby's part of the window's title while games of yours wait for your series: "Your turn in 2 games · Lobby" (null: none waits). */
export function lobbyTitle(gamesOnYourTurn: number): string | null {
  if (gamesOnYourTurn === 0) return null;
  return `Your turn in ${gamesOnYourTurn} game${gamesOnYourTurn === 1 ? '' : 's'} · Lobby`;
}
