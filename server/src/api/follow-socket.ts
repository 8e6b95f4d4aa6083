import type { AppServer } from '../transport/socket-types.js';
import { tickBatch } from '../transport/tick-batch.js';
import type { CrossNode, FollowedPlayerEvent } from './follow.js';

/** The followers' messages between nodes, over the Socket.IO adapter's server-side events. */
export function socketCrossNode(io: AppServer): CrossNode {
  // the events of one synchronous run (a tournament wave's game starts) in one message
  const send = tickBatch<[string, FollowedPlayerEvent]>((events) => io.serverSideEmit('api:players', events));
  return {
    sendPlayerEvent(playerId, e) {
      send([playerId, e]);
    },
    sendChat(m) {
      io.serverSideEmit('api:chat', m);
    },
    listen(h) {
      io.on('api:players', (events) => {
        for (const [playerId, e] of events) h.playerEvent(playerId, e);
      });
      io.on('game:turn', (n) => h.turn(n.gameId, n.version));
      io.on('lobby:myGames', (changes) => h.myGames(changes));
      io.on('api:chat', (m) => h.chat(m));
    },
  };
}
