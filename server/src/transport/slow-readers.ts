import type { Logger } from 'pino';
import type { AppServer } from './socket-types.js';

/**
 * Connections that stopped reading. A client that keeps its TCP window shut (and answers the
 * heartbeat blindly) leaves every packet sent to it in the server's memory: engine.io queues what
 * its transport cannot take, without a bound, and a lobby subscriber is sent an update per game
 * and second. Each connection's unsent packets are counted in bytes as they are queued (engine.io's
 * `packetCreate`), back to 0 at each `flush` to the transport (which waits while the client does
 * not read); past `maxPendingBytes` the connection is closed and its TCP socket destroyed, which
 * frees its queue at once. A client that only fell behind reconnects and resyncs as after any cut.
 */
export const MAX_PENDING_BYTES = 2 * 1024 * 1024;

interface EnginePacket {
  readonly data?: unknown;
}

const sizeOf = (p: EnginePacket): number =>
  typeof p.data === 'string' ? p.data.length : p.data instanceof Uint8Array ? p.data.byteLength : 16;

export function dropSlowReaders(io: AppServer, logger: Logger, maxPendingBytes = MAX_PENDING_BYTES): void {
  io.engine.on('connection', (conn: import('engine.io').Socket) => {
    let pending = 0;
    let dropped = false;
    conn.on('flush', () => {
      pending = 0;
    });
    conn.on('packetCreate', (packet: EnginePacket) => {
      pending += sizeOf(packet);
      if (pending <= maxPendingBytes || dropped) return;
      dropped = true;
      logger.warn({ address: conn.remoteAddress, pending }, 'closing a connection that stopped reading');
      conn.close(true);
      conn.request.socket.destroy();
    });
  });
}
