import type { AppServer } from '../transport/socket-types.js';
import type { CrossNode } from './follow.js';

/** The followers' messages between nodes, over the Socket.IO adapter's server-side events. */
export function socketCrossNode(io: AppServer): CrossNode {
  return {
    sendPlayerEvent(playerId, e) {
      io.serverSideEmit('api:player', playerId, e);
    },
    sendChat(m) {
      io.serverSideEmit('api:chat', m);
    },
    listen(h) {
      io.on('api:player', (playerId, e) => h.playerEvent(playerId, e));
      io.on('game:turn', (n) => h.turn(n.gameId, n.version));
      io.on('lobby:myGames', (changes) => h.myGames(changes));
      io.on('api:chat', (m) => h.chat(m));
    },
  };
}
