import type { z } from 'zod';
import { GAME_COMMAND_SCHEMAS, type GameCommandAcks } from '../game/commands.js';
import type { Ack, SocketErrorCode } from './errors.js';
import * as s from './schemas.js';
import { botPlaySchema } from './bot.js';
import type { ChatChannel, ChatMessage } from './chat.js';
import type { NotificationView } from './notification-kinds.js';
import { tournamentIdSchema, type TournamentMine, type TournamentUpdate, type TournamentPaged } from './tournament.js';
import type {
  GameEvent,
  GameSnapshot,
  GameSummary,
  GoneEvent,
  HeartbeatEvent,
  MyGame,
  OwnSeek,
  PresenceEvent,
  Seat,
  Seek,
  Session,
  SpectatorsEvent,
  ChallengeEnd,
} from './types.js';

/**
 * Client-to-server events: name -> payload schema. Every one is answered with an ack
 * (`Ack<...>` below). The transport parses the payload with exactly this schema.
 */
export const CLIENT_EVENTS = {
  'session:setName': s.setNameSchema,
  'lobby:subscribe': s.emptySchema,
  'lobby:unsubscribe': s.emptySchema,
  'lobby:online': s.emptySchema,
  'lobby:myGames': s.emptySchema,
  'seek:create': s.seekCreateSchema,
  'seek:cancel': s.seekIdSchema,
  'seek:accept': s.seekAcceptSchema,
  'seek:decline': s.seekIdSchema,
  'invite:get': s.inviteCodeSchema,
  'game:join': s.gameRefSchema,
  'game:leave': s.gameRefSchema,
  'game:resync': s.gameRefSchema,
  // the game commands, from their table (game/commands.ts)
  ...GAME_COMMAND_SCHEMAS,
  'chat:join': s.gameRefSchema,
  'chat:send': s.chatSendSchema,
  'bot:play': botPlaySchema,
  'tournament:subscribe': tournamentIdSchema,
  'tournament:unsubscribe': tournamentIdSchema,
} as const;
export type ClientEventName = keyof typeof CLIENT_EVENTS;
export type ClientPayload<E extends ClientEventName> = z.infer<(typeof CLIENT_EVENTS)[E]>;

/** What a successful ack carries, per event (the game commands' from their table, game/commands.ts). */
export interface AckData extends GameCommandAcks {
  'session:setName': { name: string };
  'lobby:subscribe': LobbyListing;
  'lobby:unsubscribe': Record<never, never>;
  'lobby:online': { players: number };
  /**
   * The caller's games in progress (public, private, against the computer), most urgent first: the
   * caller's turn first, then by the deadline of the side to move, then the newest; at most
   * `maxGamesPerPlayer`.
   */
  'lobby:myGames': { myGames: MyGame[] };
  'seek:create': { seek: Seek; inviteUrl?: string };
  'seek:cancel': Record<never, never>;
  'seek:accept': { gameId: string };
  'seek:decline': Record<never, never>;
  'invite:get': { seek: Seek };
  'game:join': { snapshot: GameSnapshot; seat: Seat };
  'game:leave': Record<never, never>;
  'game:resync': { snapshot: GameSnapshot; seat: Seat };
  'chat:join': { channel: ChatChannel; messages: ChatMessage[] };
  'chat:send': { message: ChatMessage };
  'bot:play': { gameId: string };
  /** The tournament now (the first page of its standings, see `TournamentPaged`); `tournament:update`s follow while subscribed. */
  'tournament:subscribe': TournamentPaged;
  'tournament:unsubscribe': Record<never, never>;
}

/**
 * Typed emits for the client. The server must not trust these types: it registers handlers
 * whose payload is `unknown` and parses it with `CLIENT_EVENTS[name]`.
 */
export type ClientToServerEvents = {
  [E in ClientEventName]: (payload: ClientPayload<E>, ack: (res: Ack<AckData[E]>) => void) => void;
};

/**
 * The lobby as one player sees it (`lobby:subscribe`'s ack, and `lobby` of `session` when the
 * handshake asked for it with `auth.lobby`).
 * `mine`: the caller's own open seeks, public and private (with their invitations), oldest first.
 * `myGames`: the caller's own games in progress (as `lobby:myGames`).
 * `challenges`: the open challenges addressed to the caller (seeks with `opponent`), oldest first.
 */
export interface LobbyListing {
  seeks: Seek[];
  games: GameSummary[];
  mine: OwnSeek[];
  myGames: MyGame[];
  challenges: Seek[];
}

/**
 * `session` as sent on connection; `lobby`: the lobby's listing, when the handshake's `auth.lobby`
 * asked for it and the room budget allowed it (the connection is then subscribed to the lobby).
 */
export type SessionEvent = Session & { readonly lobby?: LobbyListing };

/** Server-to-client events. */
export interface ServerToClientEvents {
  session: (s: SessionEvent) => void;
  'lobby:seekAdded': (seek: Seek) => void;
  'lobby:seekRemoved': (p: { seekId: string }) => void;
  'lobby:gameAdded': (g: GameSummary) => void;
  'lobby:gameUpdated': (g: GameSummary) => void;
  'lobby:gameRemoved': (p: { gameId: string }) => void;
  /**
   * To every connection of a player whose open seeks changed (one created, cancelled, accepted or
   * dropped): all of them now, as in the `mine` of the `lobby:subscribe` ack.
   */
  'lobby:mySeeks': (p: { seeks: OwnSeek[] }) => void;
  /**
   * To a player's connections subscribed to the lobby, one of whose games started or changed turn:
   * its entry as in `lobby:myGames` (replacing the entry of that id, or added). Batched with the
   * lobby's updates; no message for a move within a series.
   */
  'lobby:myGameUpdated': (g: MyGame) => void;
  /** To a player's connections subscribed to the lobby, one of whose games ended: it leaves the list of `lobby:myGames`. */
  'lobby:myGameRemoved': (p: { gameId: string }) => void;
  /**
   * To the lobby (subscribed connections) of a node whose Redis subscriber reconnected: lobby
   * events published meanwhile may be lost, so subscribe again for a fresh listing.
   */
  'lobby:resync': (p: Record<string, never>) => void;
  /** To every connection of the player a challenge is addressed to, when it is made. */
  'challenge:received': (seek: Seek) => void;
  /** To every connection of the challenged player, when the challenge is gone (and why). */
  'challenge:removed': (p: { seekId: string; reason: ChallengeEnd }) => void;
  /** To every connection of the challenger, when the challenged player declined (`lobby:mySeeks` follows). */
  'challenge:declined': (p: { seekId: string; by: string }) => void;
  /** To every connection of an account, when a notification is added to its list (the header's bell). */
  'notify:new': (p: { notification: NotificationView; unread: number }) => void;
  /** Sent to both players when a seek is accepted, a rematch starts, or a tournament pairs them (`tournamentId`). */
  'game:start': (p: { gameId: string; color: 'white' | 'black'; tournamentId?: string }) => void;
  'game:event': (e: GameEvent) => void;
  'game:presence': (p: PresenceEvent) => void;
  'game:spectators': (p: SpectatorsEvent) => void;
  /** A chat line in a channel the socket joined (`chat:join`). */
  'chat:message': (m: ChatMessage) => void;
  /** The game's version, to the players and spectators of a game room (see `HeartbeatEvent`). */
  'game:heartbeat': (p: HeartbeatEvent) => void;
  /** The game no longer exists (see `GoneEvent`), to the game room instead of a heartbeat. */
  'game:gone': (p: GoneEvent) => void;
  /** To a tournament's subscribers (`tournament:subscribe`): the tournament changed (batched, see `TournamentUpdate`). */
  'tournament:update': (p: TournamentUpdate) => void;
  /** Right after a `tournament:update`, to a subscriber whose own row is not on its first page (see `TournamentMine`). */
  'tournament:mine': (p: TournamentMine) => void;
  /** A request the server could not route (unknown event name). */
  error: (e: { code: SocketErrorCode; message: string }) => void;
}

/** Every server-to-client event name, at run time (documentation checks, tools). */
export const SERVER_EVENTS = [
  'session',
  'lobby:seekAdded',
  'lobby:seekRemoved',
  'lobby:gameAdded',
  'lobby:gameUpdated',
  'lobby:gameRemoved',
  'lobby:mySeeks',
  'lobby:myGameUpdated',
  'lobby:myGameRemoved',
  'lobby:resync',
  'challenge:received',
  'challenge:removed',
  'challenge:declined',
  'notify:new',
  'game:start',
  'game:event',
  'game:presence',
  'game:spectators',
  'game:heartbeat',
  'game:gone',
  'chat:message',
  'tournament:update',
  'tournament:mine',
  'error',
] as const satisfies readonly (keyof ServerToClientEvents)[];
export type ServerEventName = (typeof SERVER_EVENTS)[number];
/** Compile-time check that SERVER_EVENTS lists every key of ServerToClientEvents (never: none missing). */
export type MissingServerEvents = Exclude<keyof ServerToClientEvents, ServerEventName>;
const serverEventsComplete: [MissingServerEvents] extends [never] ? true : MissingServerEvents = true;
void serverEventsComplete;
