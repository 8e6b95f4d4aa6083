import type { GameModel } from './game-model.svelte.js';
import { listen, onReconnect } from './socket.js';

/** Wires a game model to the socket: events, presence, spectators, heartbeat, gone, resync after reconnect. */
export function connectGame(model: GameModel): () => void {
  const offs = [
    listen('game:event', (e) => model.handleEvent(e)),
    listen('game:presence', (p) => model.handlePresence(p)),
    listen('game:spectators', (p) => model.handleSpectators(p)),
    listen('game:heartbeat', (h) => model.handleHeartbeat(h)),
    listen('game:gone', (g) => model.handleGone(g)),
    // A new socket is in no room: join again (the snapshot replaces whatever was missed).
    onReconnect(() => void model.join()),
  ];
  void model.join();
  return () => {
    for (const off of offs) off();
    model.dispose();
    void model.leave();
  };
}
