import type { GameSummary } from '@progressive-chess/shared';
import type { LobbyEvents, MyGameChange, PlayerEvent, PlayerEvents, Publisher, TurnNotice } from '../services/publisher.js';
import { LOBBY_ROOM, gameOfRoom, gameRoom, playerLobbyRoom, playerRoom } from '../services/publisher.js';
import type { AppServer } from './socket-types.js';
import { adapterRelay } from './adapter-relay.js';
import { roomTap } from './room-adapter.js';
import { tickBatch } from './tick-batch.js';

type OnePayloadEvents = LobbyEvents & PlayerEvents;

/** Emits a one-payload event to a room (emit's own typing cannot name the payload for a generic event). */
function emitTo<K extends keyof OnePayloadEvents>(
  io: Pick<AppServer, 'to'>,
  room: string,
  event: K,
  payload: Parameters<OnePayloadEvents[K]>[0],
  except: readonly string[] = [],
): void {
  const op = except.length === 0 ? io.to(room) : io.to(room).except([...except]);
  (op.emit as (e: K, p: typeof payload) => boolean).call(op, event, payload);
}

/**
 * The services' `Publisher` over Socket.IO rooms (the adapter relays to the other nodes).
 *
 * The heartbeat skips a room that cannot be behind: this node emitted the room's current version
 * itself (delivery to its own connections does not go through Redis; the connection whose command
 * made it got it in its ack) and every connection now in the room was there then. A version committed on another node, or a connection that joined
 * since (its snapshot may predate that event), gets the heartbeat as before.
 */
export interface SocketPublisherOptions {
  /** Several nodes share the adapter: lobby batches and turn notices go to the other nodes. */
  readonly crossNode: boolean;
  /** Another node announced a turn to a player with a connection on this node (see `announceTurn`). */
  readonly onTurnHere?: (n: TurnNotice) => void;
}

export function socketPublisher(io: AppServer, opts: SocketPublisherOptions): Publisher {
  /** Per game with a room here: the version this node last emitted, and who was in the room then. */
  const delivered = new Map<string, { version: number; readonly members: ReadonlySet<string> }>();
  const sameMembers = (a: ReadonlySet<string>, b: ReadonlySet<string>): boolean => {
    if (a.size !== b.size) return false;
    for (const id of b) if (!a.has(id)) return false;
    return true;
  };
  /** The connections of this node in a room. */
  const localRoom = (room: string): ReadonlySet<string> | undefined => io.of('/').adapter.rooms.get(room);
  const roomOf = (gameId: string): ReadonlySet<string> | undefined => localRoom(gameRoom(gameId));
  const covered = (gameId: string, version: number): boolean => {
    const d = delivered.get(gameId);
    if (d?.version !== version) return false;
    for (const id of roomOf(gameId) ?? []) if (!d.members.has(id)) return false;
    return true;
  };
  /** Lobby updates to this node's lobby connections, if it has any (an emit encodes even for nobody). */
  const lobbyUpdatesHere = (summaries: readonly GameSummary[]): void => {
    if (!localRoom(LOBBY_ROOM)?.size) return;
    for (const s of summaries) io.local.to(LOBBY_ROOM).emit('lobby:gameUpdated', s);
  };
  if (opts.crossNode) io.on('lobby:updates', lobbyUpdatesHere);
  const playerHere = (playerId: string): boolean => (localRoom(playerRoom(playerId))?.size ?? 0) > 0;
  const myGamesHere = (changes: readonly MyGameChange[]): void => {
    for (const c of changes) {
      const room = playerLobbyRoom(c.playerId);
      if (!localRoom(room)?.size) continue;
      const to = io.local.to(room);
      if (c.game) to.emit('lobby:myGameUpdated', c.game);
      else to.emit('lobby:myGameRemoved', { gameId: c.gameId });
    }
  };
  if (opts.crossNode) io.on('lobby:myGames', myGamesHere);
  /** A player's events to this node's connections of the player. */
  const toPlayerHere = (e: PlayerEvent): void => {
    if (playerHere(e.playerId)) emitTo(io.local, playerRoom(e.playerId), e.event, e.payload);
  };
  // the other nodes get the events of one synchronous run (a tournament wave's notices) in one message
  const toPlayerElsewhere = opts.crossNode ? tickBatch<PlayerEvent>((events) => io.serverSideEmit('players:events', events)) : null;
  if (opts.crossNode) {
    io.on('players:events', (events) => {
      for (const e of events) toPlayerHere(e);
    });
  }
  const { onTurnHere } = opts;
  /** The other nodes' copy of a game event, for the store to publish with the commit (adapter-relay.ts). */
  const relay = opts.crossNode ? adapterRelay(io) : null;
  /** Turn notices to the nodes with a connection of the player only (any other adapter: to every node). */
  const tap = opts.crossNode ? roomTap(io.of('/').adapter) : undefined;
  const toTurnNodes = (n: TurnNotice): void => {
    if (tap) tap.emitToRoomNodes(playerRoom(n.playerId), 'game:turn', n);
    else io.serverSideEmit('game:turn', n);
  };
  if (opts.crossNode && onTurnHere) {
    io.on('game:turn', (n) => {
      if (playerHere(n.playerId)) onTurnHere(n);
    });
  }
  return {
    publishLobbyUpdates(summaries) {
      if (summaries.length === 0) return;
      lobbyUpdatesHere(summaries);
      // one message to the other nodes for the whole batch (they deliver it to their own lobby rooms)
      if (opts.crossNode) io.serverSideEmit('lobby:updates', [...summaries]);
    },
    publishMyGameChanges(changes) {
      if (changes.length === 0) return;
      myGamesHere(changes);
      if (opts.crossNode) io.serverSideEmit('lobby:myGames', [...changes]);
    },
    relayOf(e, except) {
      return relay?.(gameRoom(e.gameId), 'game:event', e, except) ?? null;
    },
    publishGame(e, except, relayed) {
      const members = roomOf(e.gameId);
      // The emit encodes the event even for nobody: skipped when no other node needs it from here
      // (the commit published it, or there is no other node) and the room here holds at most the sender.
      const nobodyHere = !members || (members.size === 1 && except !== undefined && members.has(except));
      if (!nobodyHere || (relayed !== true && opts.crossNode)) {
        const room = (relayed === true ? io.local : io).to(gameRoom(e.gameId));
        (except === undefined ? room : room.except(except)).emit('game:event', e);
      }
      if (!members) return;
      // the room's members rarely change between moves: the last snapshot is kept when they have not
      const last = delivered.get(e.gameId);
      if (last && sameMembers(last.members, members)) last.version = e.version;
      else delivered.set(e.gameId, { version: e.version, members: new Set(members) });
    },
    publishPresence(p) {
      io.to(gameRoom(p.gameId)).emit('game:presence', p);
    },
    publishSpectators(p) {
      io.to(gameRoom(p.gameId)).emit('game:spectators', p);
    },
    publishLobby(event, payload, exceptPlayers) {
      emitTo(io, LOBBY_ROOM, event, payload, exceptPlayers?.map(playerLobbyRoom));
    },
    toPlayer(playerId, event, payload) {
      const e = { playerId, event, payload } as PlayerEvent;
      toPlayerHere(e);
      toPlayerElsewhere?.(e);
    },
    async gameMembers(gameId) {
      return (await io.in(gameRoom(gameId)).fetchSockets()).map((s) => s.data.playerId);
    },
    nodeCount() {
      return io.of('/').adapter.serverCount();
    },
    async playerOnline(playerId) {
      return (await io.in(playerRoom(playerId)).fetchSockets()).length > 0;
    },
    localGames() {
      const ids: string[] = [];
      for (const room of io.of('/').adapter.rooms.keys()) {
        const id = gameOfRoom(room);
        if (id !== null) ids.push(id);
      }
      for (const gameId of delivered.keys()) if (!roomOf(gameId)) delivered.delete(gameId);
      return ids;
    },
    announceTurn(n) {
      // a player connected here most likely sends the next command here too: no message then (a
      // command that reaches another node anyway only makes the store read this saves)
      if (opts.crossNode && !playerHere(n.playerId)) toTurnNodes(n);
    },
    heartbeatLocal(e) {
      if (covered(e.gameId, e.version)) return;
      io.local.to(gameRoom(e.gameId)).emit('game:heartbeat', e);
    },
    lobbyResyncLocal() {
      if (localRoom(LOBBY_ROOM)?.size) io.local.to(LOBBY_ROOM).emit('lobby:resync', {});
    },
    goneLocal(e) {
      delivered.delete(e.gameId);
      io.local.to(gameRoom(e.gameId)).emit('game:gone', e);
    },
  };
}
