import type {
  GameEvent,
  GameSummary,
  GoneEvent,
  HeartbeatEvent,
  MyGame,
  PresenceEvent,
  ServerToClientEvents,
  SpectatorsEvent,
} from '@progressive-chess/shared';
import type { Relay } from '../store/store.js';

/** Server events of the lobby feed. */
export type LobbyEvents = Pick<
  ServerToClientEvents,
  'lobby:seekAdded' | 'lobby:seekRemoved' | 'lobby:gameAdded' | 'lobby:gameUpdated' | 'lobby:gameRemoved'
>;
/** Server events addressed to one player (every connection of theirs, on every node). */
export type PlayerEvents = Pick<
  ServerToClientEvents,
  'game:start' | 'lobby:mySeeks' | 'challenge:received' | 'challenge:removed' | 'challenge:declined' | 'notify:new'
>;

/** One `toPlayer` event: to every connection of `playerId`. */
export type PlayerEvent = { [K in keyof PlayerEvents]: { readonly playerId: string; readonly event: K; readonly payload: Parameters<PlayerEvents[K]>[0] } }[keyof PlayerEvents];

/**
 * A change of one player's games in progress: the game's new entry (`lobby:myGameUpdated`), or
 * `game` null when it left them (`lobby:myGameRemoved`).
 */
export interface MyGameChange {
  readonly playerId: string;
  readonly gameId: string;
  readonly game: MyGame | null;
}

/**
 * How the services reach clients, whatever the transport. Delivery is to every node (a
 * multi-node transport relays through its adapter); a publish never throws and never waits.
 */
export interface Publisher {
  /**
   * A versioned game event, to everyone in the game's room but the connection `except` (the one
   * whose command made it: the command's ack carries the event to it). `relayed`: the store
   * published `relayOf(e, except)` with the commit, so only this node's connections are left.
   */
  publishGame(e: GameEvent, except?: string, relayed?: boolean): void;
  /**
   * The message that carries `publishGame(e, except)` to the other nodes, for the store to publish
   * with the commit (`GameWrite.relay`); null when the transport has none to give.
   */
  relayOf(e: GameEvent, except?: string): Relay | null;
  publishPresence(p: PresenceEvent): void;
  publishSpectators(p: SpectatorsEvent): void;
  /** `exceptPlayers`: their lobby connections are left out (a seek is not shown across a block). */
  publishLobby<K extends keyof LobbyEvents>(event: K, payload: Parameters<LobbyEvents[K]>[0], exceptPlayers?: readonly string[]): void;
  /**
   * A batch of `lobby:gameUpdated` (the coalesced turn changes of many games): one message between
   * nodes for the whole batch, then one event per game to each lobby connection.
   */
  publishLobbyUpdates(summaries: readonly GameSummary[]): void;
  /**
   * A batch of changes of players' own games (coalesced as the lobby's): one message between nodes
   * for the whole batch, then each node tells the players' connections to it that show the lobby
   * (`playerLobbyRoom`), and only them: a player on a game page is not sent its every turn again.
   */
  publishMyGameChanges(changes: readonly MyGameChange[]): void;
  toPlayer<K extends keyof PlayerEvents>(playerId: string, event: K, payload: Parameters<PlayerEvents[K]>[0]): void;
  /** The player id of every connection in the game's room, on every node (one entry per connection). */
  gameMembers(gameId: string): Promise<string[]>;
  /**
   * How many server nodes share the transport now (1 on its own). A node that crashed drops out
   * without disconnecting its connections one by one: a drop tells the others to count again.
   */
  nodeCount(): Promise<number>;
  /** Whether the player has a connection on any node. */
  playerOnline(playerId: string): Promise<boolean>;
  /** The games with a room on this node (at least one connection of this node in it). */
  localGames(): string[];
  /** A version heartbeat to this node's connections in the game's room only (each node speaks for its own). */
  heartbeatLocal(e: HeartbeatEvent): void;
  /** The game no longer exists: to this node's connections in the game's room only (as `heartbeatLocal`). */
  goneLocal(e: GoneEvent): void;
  /** This node's lobby connections may have missed lobby events (its Redis subscriber reconnected): they subscribe again. */
  lobbyResyncLocal(): void;
  /**
   * A game's turn passed to `playerId` at `version`: told to the other nodes that serve that player
   * (nothing to do on one node, nor when the player is connected to this one). Such a node may load the
   * game ahead of their next command (`GameService.prefetch`), so that command starts from a
   * current copy instead of a store read.
   */
  announceTurn(n: TurnNotice): void;
}

export interface TurnNotice {
  readonly gameId: string;
  readonly version: number;
  /** The player to move. */
  readonly playerId: string;
}

/** One client connection, as the room and lobby services see it (a Socket.IO socket fits). */
export interface Member {
  readonly data: { readonly playerId: string };
  /** The rooms the connection is in (names from `gameRoom`, `LOBBY_ROOM`...). */
  readonly rooms: ReadonlySet<string>;
  join(room: string): Promise<void> | void;
  leave(room: string): Promise<void> | void;
}

/** What every game room's name starts with. */
export const GAME_ROOM_PREFIX = 'game:';
export const gameRoom = (gameId: string): string => `${GAME_ROOM_PREFIX}${gameId}`;
/** The game of a game room, or null for any other room. */
export const gameOfRoom = (room: string): string | null => (room.startsWith(GAME_ROOM_PREFIX) ? room.slice(GAME_ROOM_PREFIX.length) : null);
export const playerRoom = (playerId: string): string => `player:${playerId}`;
export const LOBBY_ROOM = 'lobby';
/** The player's connections that show the lobby (subscribed): where their "Your games" changes go. */
export const playerLobbyRoom = (playerId: string): string => `lobby:${playerId}`;
