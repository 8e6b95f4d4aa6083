import { handshakeAuthSchema, type Session } from '@progressive-chess/shared';
import type { Logger } from 'pino';
import type { LobbyService } from '../services/lobby-service.js';
import type { AbuseLimiter } from './abuse-limits.js';
import type { AppSocket } from './socket-types.js';

export interface SessionEventDeps {
  readonly lobby: Pick<LobbyService, 'subscribe'>;
  readonly limiter: AbuseLimiter['allowEvent'];
  readonly logger: Logger;
}

/** Whether the handshake asked for the lobby's listing with `session` (`auth.lobby`). */
const asksForLobby = (auth: unknown): boolean => handshakeAuthSchema.safeParse(auth ?? {}).data?.lobby === true;

/**
 * `session` on connection. Asked for by the handshake (`auth.lobby`), it carries the lobby's
 * listing: the connection is subscribed as by `lobby:subscribe`, and pays that event's room budget;
 * over the budget, or the listing unreadable, `session` goes without it (the client subscribes).
 * Sent at once otherwise.
 */
export async function sendSession(socket: AppSocket, session: Session, deps: SessionEventDeps): Promise<void> {
  if (!asksForLobby(socket.handshake.auth)) {
    socket.emit('session', session);
    return;
  }
  try {
    const verdict = await deps.limiter(socket, 'lobby:subscribe');
    // gone meanwhile: no room to join for a socket that left
    if (!socket.connected) return;
    if (verdict === 'ok') {
      const lobby = await deps.lobby.subscribe(socket);
      socket.emit('session', { ...session, lobby });
      return;
    }
  } catch (e: unknown) {
    deps.logger.warn({ err: e }, 'lobby listing at connection');
  }
  socket.emit('session', session);
}
