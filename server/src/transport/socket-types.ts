import type { ChatChannel, ChatMessage, GameSummary, ServerToClientEvents } from '@progressive-chess/shared';
import type { Server, Socket } from 'socket.io';
import type { MyGameChange, PlayerEvent, TurnNotice } from '../services/publisher.js';
import type { FollowedPlayerEvent } from '../api/follow.js';

/** What the server keeps on each socket (set by the identity middleware). */
export interface SocketData {
  playerId: string;
  name: string;
  /** The client's address (for per-address limits). */
  address: string;
}

/**
 * Inbound events are untyped on purpose: the transport parses every payload with its
 * protocol schema (`CLIENT_EVENTS`) instead of trusting the client's types.
 */
export type InboundEvents = Record<string, (...args: unknown[]) => void>;
/** Between nodes (Socket.IO `serverSideEmit`): a batch of lobby updates, delivered to each node's own lobby room. */
export interface InterServerEvents {
  'lobby:updates': (summaries: GameSummary[]) => void;
  /** A batch of changes of players' own games (Publisher.publishMyGameChanges). */
  'lobby:myGames': (changes: MyGameChange[]) => void;
  /** A game's turn passed to a player (Publisher.announceTurn). */
  'game:turn': (n: TurnNotice) => void;
  /** Player events, in order, for the API's event streams on the other nodes (api/follow.ts). */
  'api:players': (events: [playerId: string, e: FollowedPlayerEvent][]) => void;
  /** Events to players (Publisher.toPlayer), in order, for each node to deliver to its own connections of them. */
  'players:events': (events: PlayerEvent[]) => void;
  /** A players' chat line for the API's game streams on the other nodes. */
  'api:chat': (m: ChatMessage) => void;
}

export type AppServer = Server<InboundEvents, ServerToClientEvents, InterServerEvents, SocketData>;
export type AppSocket = Socket<InboundEvents, ServerToClientEvents, InterServerEvents, SocketData>;

export { playerRoom } from '../services/publisher.js';
export const CHAT_ROOM_PREFIX = 'chat:';
export const CHAT_CHANNELS: readonly ChatChannel[] = ['players', 'spectators'];
/** A game's chat channel (players, or spectators): not a `game:` room, so presence bookkeeping skips it. */
/** The connections signed in by one account session (by its key), ended with it. */
export const sessionRoom = (session: string): string => `session:${session}`;
export const chatRoom = (gameId: string, channel: ChatChannel): string => `${CHAT_ROOM_PREFIX}${channel}:${gameId}`;
