import type { Server as HttpServer } from 'node:http';
import type { Logger } from 'pino';
import { Server, type ServerOptions } from 'socket.io';
import type { Settings } from '../config.js';
import type { Drain } from '../http/drain.js';
import { clientAddress, type AbuseLimiter } from './abuse-limits.js';
import { originAllowed } from './origin.js';
import type { AppServer } from './socket-types.js';

/**
 * The Socket.IO server on the node's HTTP server. A handshake is refused (403) before it becomes a
 * connection while the node stops, from a foreign origin, or over its address's budget.
 */
export function createSocketServer(
  httpServer: HttpServer,
  o: {
    settings: Settings;
    limits: Pick<AbuseLimiter, 'handshakeAllowed'>;
    drain: Pick<Drain, 'draining'>;
    publicUrl: string | null;
    allowedOrigins: readonly string[];
    logger: Logger;
    adapter?: ServerOptions['adapter'];
  },
): AppServer {
  return new Server(httpServer, {
    maxHttpBufferSize: o.settings.maxHttpBufferSize,
    transports: ['websocket', 'polling'],
    serveClient: false,
    allowRequest: (req, cb) => {
      if (o.drain.draining) return cb('the server is stopping', false);
      if (!originAllowed(req, o.publicUrl, o.allowedOrigins)) return cb('origin not allowed', false);
      o.limits.handshakeAllowed(clientAddress(req, o.settings.trustProxy)).then(
        (ok) => cb(ok ? null : 'too many connections opened from this address', ok),
        (e: unknown) => {
          o.logger.error({ err: e }, 'handshake limiter');
          cb('internal error', false);
        },
      );
    },
    ...(o.adapter ? { adapter: o.adapter } : {}),
  });
}
