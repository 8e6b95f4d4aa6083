/**
 * The web app's pages and their paths (Express-style patterns): the server answers each with the
 * app (server/src/http/static.ts), the client's router shows the page (client/src/lib/router.svelte.ts, tested
 * against this table).
 */
export const APP_ROUTES = {
  lobby: ['/'],
  game: ['/game/:id'],
  invite: ['/invite/:code'],
  rules: ['/rules', '/rules/:variant'],
  analysis: ['/analysis'],
  puzzles: ['/puzzles', '/puzzles/:id'],
  /** Puzzles mined from played games (`daily`: the day's). */
  training: ['/training', '/training/:id'],
  signup: ['/signup'],
  login: ['/login'],
  recover: ['/reset-password'],
  settings: ['/settings'],
  profile: ['/@/:name'],
  leaderboard: ['/leaderboard', '/leaderboard/:variant'],
  tv: ['/tv', '/tv/:variant'],
  friends: ['/friends'],
  moderation: ['/moderation'],
  tournaments: ['/tournaments'],
  tournament: ['/tournament/:id'],
} as const satisfies Record<string, readonly string[]>;

export type AppPage = keyof typeof APP_ROUTES;

/** Every path pattern of the app. */
export const APP_PATHS: readonly string[] = Object.values(APP_ROUTES).flat();

/** The link of an invitation (`origin`: the site's address, no trailing slash). */
export const inviteLink = (code: string, origin: string): string => `${origin}/invite/${encodeURIComponent(code)}`;
