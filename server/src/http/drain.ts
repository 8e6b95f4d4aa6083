import type { Server, ServerResponse } from 'node:http';

/** How long a request already in flight when the server stops may take to finish before its connection is cut. */
export const DRAIN_GRACE_MS = 2_000;

export interface Drain {
  /** Whether the server is stopping (new Socket.IO sessions are refused then). */
  readonly draining: boolean;
  /** Stops reusing connections: idle ones close now, busy ones after their response. */
  start(): void;
  /** Runs the server's close (which waits for every connection) and cuts what is left after the grace. */
  close(close: () => Promise<void>): Promise<void>;
}

/**
 * The HTTP side of a graceful stop. A browser whose socket was just closed reconnects at once over
 * its keep-alive connection; left alone, those reconnections (and a long poll among them) kept
 * `server.close()` waiting for up to a minute. While draining every response says
 * `Connection: close`, and whatever is still open after the grace is closed.
 */
export function drainOf(server: Server, graceMs = DRAIN_GRACE_MS): Drain {
  let draining = false;
  const inFlight = new Set<ServerResponse>();
  const lastOnItsConnection = (res: ServerResponse): void => {
    if (!res.headersSent) res.setHeader('Connection', 'close');
  };
  // Before Socket.IO's listener, so its own responses (a refused handshake, a long poll) close too.
  server.prependListener('request', (_req, res) => {
    if (draining) return lastOnItsConnection(res);
    inFlight.add(res);
    res.once('close', () => inFlight.delete(res));
  });
  return {
    get draining() {
      return draining;
    },
    start() {
      draining = true;
      inFlight.forEach(lastOnItsConnection);
      inFlight.clear();
      server.closeIdleConnections();
    },
    async close(close) {
      const cut = setTimeout(() => server.closeAllConnections(), graceMs);
      try {
        await close();
      } finally {
        clearTimeout(cut);
        server.closeAllConnections();
      }
    },
  };
}
