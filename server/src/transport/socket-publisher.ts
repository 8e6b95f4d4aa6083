import type { LobbyEvents, PlayerEvents, Publisher } from '../services/publisher.js';
import { LOBBY_ROOM, gameRoom, playerRoom } from '../services/publisher.js';
import type { AppServer } from './socket-types.js';

type OnePayloadEvents = LobbyEvents & PlayerEvents;
const GAME_ROOM_PREFIX = gameRoom('');

/** Emits a one-payload event to a room (emit's own typing cannot name the payload for a generic event). */
function emitTo<K extends keyof OnePayloadEvents>(
  io: AppServer,
  room: string,
  event: K,
  payload: Parameters<OnePayloadEvents[K]>[0],
): void {
  const op = io.to(room);
  (op.emit as (e: K, p: typeof payload) => boolean).call(op, event, payload);
}

/** The services' `Publisher` over Socket.IO rooms (the adapter relays to the other nodes). */
export function socketPublisher(io: AppServer): Publisher {
  return {
    publishGame(e) {
      io.to(gameRoom(e.gameId)).emit('game:event', e);
    },
    publishPresence(p) {
      io.to(gameRoom(p.gameId)).emit('game:presence', p);
    },
    publishSpectators(p) {
      io.to(gameRoom(p.gameId)).emit('game:spectators', p);
    },
    publishLobby(event, payload) {
      emitTo(io, LOBBY_ROOM, event, payload);
    },
    toPlayer(playerId, event, payload) {
      emitTo(io, playerRoom(playerId), event, payload);
    },
    async gameMembers(gameId) {
      return (await io.in(gameRoom(gameId)).fetchSockets()).map((s) => s.data.playerId);
    },
    async playerOnline(playerId) {
      return (await io.in(playerRoom(playerId)).fetchSockets()).length > 0;
    },
    localGames() {
      const ids: string[] = [];
      for (const room of io.of('/').adapter.rooms.keys()) if (room.startsWith(GAME_ROOM_PREFIX)) ids.push(room.slice(GAME_ROOM_PREFIX.length));
      return ids;
    },
    heartbeatLocal(e) {
      io.local.to(gameRoom(e.gameId)).emit('game:heartbeat', e);
    },
  };
}
