import { gameRoom } from '../services/publisher.js';
import { broadcastVersion } from '../transport/adapter-relay.js';
import { roomTap } from '../transport/room-adapter.js';
import type { AppServer } from '../transport/socket-types.js';
import { tickBatch } from '../transport/tick-batch.js';
import type { CrossNode, FollowedPlayerEvent } from './follow.js';

/**
 * The followers' messages between nodes, over the Socket.IO adapter's server-side events; a
 * followed game's events are heard on its room's own channel (room-adapter.ts `RoomTap`), which
 * only the nodes with a connection in the room or a follower of the game subscribe to.
 */
export function socketCrossNode(io: AppServer): CrossNode {
  // the events of one synchronous run (a tournament wave's game starts) in one message
  const send = tickBatch<[string, FollowedPlayerEvent]>((events) => io.serverSideEmit('api:players', events));
  const tap = roomTap(io.of('/').adapter);
  return {
    sendPlayerEvent(playerId, e) {
      send([playerId, e]);
    },
    sendChat(m) {
      io.serverSideEmit('api:chat', m);
    },
    watchGame(gameId, onVersion) {
      if (!tap) return () => undefined;
      return tap.watch(gameRoom(gameId), (message) => {
        const version = broadcastVersion(message);
        if (version !== null) onVersion(version);
      });
    },
    listen(h) {
      io.on('api:players', (events) => {
        for (const [playerId, e] of events) h.playerEvent(playerId, e);
      });
      // another adapter than the room adapter sends turn notices to every node (socket-publisher.ts)
      if (!tap) io.on('game:turn', (n) => h.turn(n.gameId, n.version));
      io.on('lobby:myGames', (changes) => h.myGames(changes));
      io.on('api:chat', (m) => h.chat(m));
    },
  };
}
