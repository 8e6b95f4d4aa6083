/**
 * A page's own part of the window's title, when the route's (`pageTitle`) is not enough: the game
 * page sets its players and whose turn it is while it is shown (null: the route's).
 */
export const documentTitle = $state<{ page: string | null }>({ page: null });
