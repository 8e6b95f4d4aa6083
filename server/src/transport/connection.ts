import type { HandshakeErrorCode, Session } from '@progressive-chess/shared';
import type { Logger } from 'pino';
import { ServiceError, unavailableMessage } from '../services/errors.js';
import { claimedPlayerId, type Identity } from '../services/identity.js';
import type { LobbyService } from '../services/lobby-service.js';
import type { RoomService } from '../services/room-service.js';
import { clientAddress, type AbuseLimiter } from './abuse-limits.js';
import type { Handlers } from './handlers.js';
import { registerEdge, type EdgeDeps } from './register.js';
import { sendSession } from './session-event.js';
import { playerRoom, sessionRoom, type AppServer, type AppSocket } from './socket-types.js';

export interface ConnectionDeps {
  readonly identity: Identity;
  readonly lobby: LobbyService;
  readonly rooms: RoomService;
  readonly handlers: Handlers;
  readonly limiter: EdgeDeps['limiter'];
  /** Refusals before authentication, open connections per identity and address (the handshake rate is engine.io's `allowRequest`). */
  readonly limits: Pick<AbuseLimiter, 'claimRefused' | 'newPlayerAllowed' | 'openConnection' | 'closeConnection'>;
  readonly trustProxy: boolean;
  readonly logger: Logger;
  readonly observe?: EdgeDeps['observe'];
}

/** Refusal of a handshake, readable by the client as `connect_error` with `err.data.code`. */
function handshakeError(code: HandshakeErrorCode, message: string): Error & { data: { code: HandshakeErrorCode } } {
  return Object.assign(new Error(message), { data: { code } });
}

/** The handshake's code for a refusal of the identity service. */
const handshakeCode = (code: string): HandshakeErrorCode =>
  code === 'bad-name' || code === 'rate-limited' ? code : 'bad-token';

/**
 * Identity at the handshake (a known token, or a new anonymous player; forged tokens are
 * refused), then per connection: personal room, `session`, the event edge, and the
 * presence/seek bookkeeping when the socket goes away.
 */
export function connectSockets(io: AppServer, deps: ConnectionDeps): { closing(): void; idle(): Promise<void> } {
  const sessions = new WeakMap<AppSocket, Session>();
  /** The account session that signed a connection in (its room: disconnected when the session ends). */
  const accountSessions = new WeakMap<AppSocket, string>();
  const pending = new Set<Promise<void>>();
  let shuttingDown = false;

  const refusal = async (playerId: string): Promise<Error | null> => {
    const refused = await deps.limits.claimRefused(playerId);
    if (refused === 'blocked') return handshakeError('rate-limited', 'disconnected for flooding: try again later');
    if (refused === 'full') return handshakeError('too-many-connections', 'too many open connections for this player');
    return null;
  };

  const admit = async (socket: AppSocket): Promise<Error | null> => {
    const address = clientAddress(socket.request, deps.trustProxy);
    // refused before anything reads the store or the accounts: the identity the token claims
    const claimed = claimedPlayerId(socket.handshake.auth);
    const early = claimed === null ? null : await refusal(claimed);
    if (early) return early;
    const s = await deps.identity.authenticate(socket.handshake.auth, socket.handshake.headers.cookie, () =>
      deps.limits.newPlayerAllowed(address),
    );
    // signed in by the session cookie (or a new player): the identity is known only now
    const late = s.playerId === claimed ? null : await refusal(s.playerId);
    if (late) return late;
    if (!deps.limits.openConnection(s.playerId, address)) {
      return handshakeError('too-many-connections', 'too many open connections for this player or address');
    }
    socket.data = { playerId: s.playerId, name: s.name, address };
    sessions.set(socket, { playerId: s.playerId, token: s.token, name: s.name, ...(s.accountsUnavailable ? { accountsUnavailable: true } : {}) });
    if (s.session !== undefined) accountSessions.set(socket, s.session);
    return null;
  };

  io.use((socket, next) => {
    admit(socket).then(
      (refused) => next(refused ?? undefined),
      (e: unknown) => {
        if (e instanceof ServiceError) return next(handshakeError(handshakeCode(e.code), e.message));
        if (unavailableMessage(e) !== null) return next(handshakeError('unavailable', 'try again shortly'));
        deps.logger.error({ err: e }, 'handshake failed');
        next(handshakeError('internal', 'internal error'));
      },
    );
  });

  const track = (p: Promise<void>): void => {
    const t = p.catch((e: unknown) => deps.logger.warn({ err: e }, 'disconnect bookkeeping')).finally(() => pending.delete(t));
    pending.add(t);
  };

  io.on('connection', (socket) => {
    const { playerId } = socket.data;
    const accountSession = accountSessions.get(socket);
    void socket.join(accountSession === undefined ? playerRoom(playerId) : [playerRoom(playerId), sessionRoom(accountSession)]);
    const session = sessions.get(socket);
    if (session) void sendSession(socket, session, deps);
    deps.lobby.playerConnected(playerId);
    registerEdge(socket, deps);

    let rooms: string[] = [];
    socket.on('disconnecting', () => {
      rooms = [...socket.rooms];
    });
    socket.on('disconnect', () => {
      deps.limits.closeConnection(playerId, socket.data.address);
      if (shuttingDown) return;
      track(
        (async () => {
          await deps.rooms.socketGone(rooms);
          // The seek grace timer checks every node before it drops anything: here, this node's count is enough.
          if ((io.sockets.adapter.rooms.get(playerRoom(playerId))?.size ?? 0) === 0) deps.lobby.playerDisconnected(playerId);
        })(),
      );
    });
  });

  return {
    closing() {
      shuttingDown = true;
    },
    async idle() {
      await Promise.all([...pending]);
    },
  };
}
