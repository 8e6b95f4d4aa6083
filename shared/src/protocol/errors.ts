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
  'takeback-not-allowed', // takebacks are for casual games in progress (not rated or tournament games), after a series of one's own
  'no-takeback-offer', // accepting or declining a takeback the opponent has not offered
  'rematch-unavailable', // no rematch is possible for this game (its players are kept apart); the same answer to the offer and the acceptance
  'too-late-to-abort',
  'opponent-present', // claiming victory or a draw while the opponent is connected, or not yet away long enough
  'too-early-to-claim', // claiming against an absent opponent before both sides have completed a turn: the game can be aborted instead
  'cannot-give-time', // giving time: no clock to give to (untimed, correspondence), or the opponent's clock is at the most allowed
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
  'account-required', // rated seeks need accounts on both sides; friends, blocks and reports need a signed-in account
  'out-of-rating-range', // the seek's rating range excludes the acceptor
  'too-many-bot-games', // the player already has the most unfinished games against the computer allowed
  'busy', // the server's compute workers (the computer player, analysis) or its password hashing are all busy: try again shortly
  'cross-site', // HTTP: a request that changes something came from another site (Origin, Sec-Fetch-Site)
  'game-not-finished', // analysis is for finished games only
  'not-for-you', // a challenge addressed to another player (accepting or declining it)
  'too-many-challenges', // the challenged player already has the most open challenges allowed
  'self-challenge', // challenging oneself
  'no-accounts', // challenges by name need the server's accounts (a database), and this server keeps none
  'bad-api-token', // HTTP API: a missing, wrong or revoked personal API token (401)
  'missing-scope', // HTTP API: the token lacks the scope the endpoint needs (403)
  'too-many-tokens', // the account already holds the most API tokens allowed (MAX_API_TOKENS)
  'not-a-bot', // a Bot API endpoint used by an account that is not a bot (upgrade it first)
  'is-a-bot', // the Board API is for people: a bot account uses the Bot API
  'has-played', // only an account that has played no game can become a bot
  'stream-open', // this token already streams this game (one stream per game and token)
  'too-many-streams', // this token has the most open streams allowed (MAX_STREAMS_PER_TOKEN)
  'playban', // seeking barred for a while after too many aborted or abandoned games; `until` says when it ends
  'chat-unavailable', // this game's chat is closed to the sender (a muted account, or a block between the players)
  'too-many-follows', // the account follows the most players allowed
  'too-many-blocks', // the account blocks the most players allowed
  'not-operator', // moderation is for the configured operators (OPERATORS)
  'no-mail', // e-mail (address verification, password reset) needs SMTP, and this server has none configured
  'tournament-not-found', // no tournament with that id
  'tournament-game', // a rematch (or a takeback) offered in a tournament's game
  'tournament-joined', // joining a tournament one has already joined
  'tournament-overlap', // joining a live tournament whose time overlaps another live one the player has joined
  'tournament-started', // joining a Swiss or round robin after its start
  'tournament-full', // the tournament has its most players
  'tournament-guest', // a guest (no account) may only play unrated arenas
  'tournament-in-game', // pausing in the middle of one's tournament game
  'tournament-not-joined', // withdrawing or pausing in a tournament one has not joined
  'tournament-finished', // joining, withdrawing or pausing in a finished tournament
  'tournament-cap', // the creator already has the most upcoming or running tournaments allowed
  'tournament-bots', // a bot account joining a tournament that does not allow bots
  'berserk-not-allowed', // berserk: not an arena game, after one's first move, twice, or a time control without berserk
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/*
 * The subsets of ERROR_CODES some refusals are limited to (each checked against the list), named
 * here once for the server that sends them and the client that reads them.
 */

/** The codes a payload schema's failure can carry: its own (`params.code`) or `bad-request`. */
export const SCHEMA_ERROR_CODES = ['bad-request', 'bad-name'] as const satisfies readonly ErrorCode[];
export type SchemaErrorCode = (typeof SCHEMA_ERROR_CODES)[number];

/** Refusals of the transport's edge, before any service: an unknown event, a rate limit, a schema's code. */
export const EDGE_ERROR_CODES = ['unknown-event', 'rate-limited', ...SCHEMA_ERROR_CODES] as const satisfies readonly ErrorCode[];
export type EdgeErrorCode = (typeof EDGE_ERROR_CODES)[number];

/** Codes of the `error` event: the edge's refusals (when unacknowledged), and `flooding` before a disconnection. */
export const SOCKET_ERROR_CODES = [...EDGE_ERROR_CODES, 'flooding'] as const satisfies readonly ErrorCode[];
export type SocketErrorCode = (typeof SOCKET_ERROR_CODES)[number];

/** Refusals of a handshake: `connect_error`'s `err.data.code`. */
export const HANDSHAKE_ERROR_CODES = [
  'bad-token',
  'bad-name',
  'unavailable',
  'rate-limited',
  'too-many-connections',
  'internal',
] as const satisfies readonly ErrorCode[];
export type HandshakeErrorCode = (typeof HANDSHAKE_ERROR_CODES)[number];

export interface AckError {
  readonly ok: false;
  readonly code: ErrorCode;
  readonly message: string;
  /** `playban`: when seeking is allowed again (epoch ms). */
  readonly until?: number;
}
export type Ack<T extends object = Record<never, never>> = ({ readonly ok: true } & T) | AckError;
