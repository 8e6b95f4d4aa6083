import { PLAY_ERROR_CODES } from '../rules/errors.js';

/** Error codes carried by `{ ok: false, code, message }` acknowledgements and HTTP errors. */
export const ERROR_CODES = [
  'bad-request', // payload failed its schema
  'unknown-event', // event name not in the protocol
  'bad-token', // missing, wrong or forged identity token
  'rate-limited',
  'unknown-game',
  'unknown-seek',
  'own-seek', // accepting one's own seek
  'not-a-player', // a spectator (or stranger) tried a player action
  'stale-version', // expected version is not the current one: resync
  ...PLAY_ERROR_CODES, // the rules' own: not-your-turn, illegal-move, game-over, cannot-pass, ...
  'no-draw-offer',
  'no-rematch-offer',
  'too-late-to-abort',
  'game-in-progress', // a rematch command on a game still being played
  'conflict', // compare-and-set kept losing: try again
  'not-found', // HTTP: no such route
  'internal',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export interface AckError {
  readonly ok: false;
  readonly code: ErrorCode;
  readonly message: string;
}
export type Ack<T extends object = Record<never, never>> = ({ readonly ok: true } & T) | AckError;
