import { PLAY_ERROR_CODES } from '../rules/errors.js';

/** Error codes carried by `{ ok: false, code, message }` acknowledgements and HTTP errors. */
export const ERROR_CODES = [
  'bad-request', // payload failed its schema
  'unknown-event', // event name not in the protocol
  'bad-token', // missing, wrong or forged identity token
  'bad-name', // a display name refused by the name rules (handshake `auth.name`, `session:setName`)
  'rate-limited',
  'unknown-game',
  'unknown-seek',
  'unknown-invitation', // an invitation code no invitation had (mistyped or cut off); a closed one's is `unknown-seek`
  'own-seek', // accepting one's own seek
  'not-a-player', // a spectator (or stranger) tried a player action
  'stale-version', // expected version is not the current one: resync
  ...PLAY_ERROR_CODES, // the rules' own: not-your-turn, illegal-move, game-over, cannot-pass, ...
  'no-draw-offer',
  'no-rematch-offer',
  'too-late-to-abort',
  'game-in-progress', // a rematch command on a game still being played
  'conflict', // compare-and-set kept losing: try again
  'too-many-seeks', // the player already has the most open seeks allowed
  'too-many-games', // a player already has the most games in progress allowed
  'too-many-rooms', // a connection already follows the most games (game rooms, chat channels) allowed at once
  'not-found', // HTTP: no such route
  'internal',
  'unavailable', // the game store (Redis), or the database (accounts, ratings, archive), cannot be reached now: try again shortly
  'too-many-connections', // handshake refused: this identity or address has too many open connections
  'flooding', // sent with `error` right before the server disconnects a connection that kept exceeding its limits
  'username-taken', // accounts: the username is registered (case-insensitive)
  'name-taken', // a display name that is another player's username
  'already-registered', // this identity already has an account
  'bad-credentials', // wrong username or password
  'unknown-player', // no account with that username
  'account-required', // rated seeks need accounts on both sides
  'out-of-rating-range', // the seek's rating range excludes the acceptor
  'too-many-bot-games', // the player already has the most unfinished games against the computer allowed
  'busy', // the server's compute workers (the computer player, analysis) are all busy: try again shortly
  'game-not-finished', // analysis is for finished games only
  'not-for-you', // a challenge addressed to another player (accepting or declining it)
  'too-many-challenges', // the challenged player already has the most open challenges allowed
  'self-challenge', // challenging oneself
  'no-accounts', // challenges by name need the server's accounts (a database), and this server keeps none
  'no-mail', // e-mail (address verification, password reset) needs SMTP, and this server has none configured
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export interface AckError {
  readonly ok: false;
  readonly code: ErrorCode;
  readonly message: string;
}
export type Ack<T extends object = Record<never, never>> = ({ readonly ok: true } & T) | AckError;
