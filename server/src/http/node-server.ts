import { createServer, type RequestListener, type Server } from 'node:http';
import type { Settings } from '../config.js';
import { createAddressGate, type AddressGate } from '../transport/address-gate.js';
import { drainOf, type Drain } from './drain.js';

/** How long a request's headers and body may take to arrive, unless configured. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;

/**
 * The node's HTTP server: request timeouts, the address gate on raw connections, and the drain of
 * a graceful stop. `serve(app)` puts the HTTP app in place (a 503 until then).
 */
export function createNodeServer(o: { requestTimeoutMs: number | undefined; settings: Settings; now: () => number }): {
  httpServer: Server;
  gate: AddressGate;
  drain: Drain;
  serve(app: RequestListener): void;
} {
  const { settings } = o;
  // The HTTP app is the server's own request listener, in place before Socket.IO attaches: engine.io
  // then answers its path alone and hands every other request to the app (never both).
  let httpApp: RequestListener | null = null;
  // A request (headers and body) must arrive within requestTimeoutMs: a body trickled at a byte a
  // second is cut off then, not after Node's 300 s (checked every few seconds, not Node's 30).
  const requestTimeout = o.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  const timeouts = { requestTimeout, headersTimeout: requestTimeout, connectionsCheckingInterval: Math.min(5_000, requestTimeout / 2) };
  const httpServer = createServer(timeouts, (req, res) => {
    if (httpApp) return httpApp(req, res);
    res.writeHead(503).end();
  });
  // Repeat offenders' TCP connections are reset before HTTP parsing (not behind a proxy: its address is every client's).
  const gate = createAddressGate({
    denySec: settings.trustProxy ? 0 : settings.abuseLimits.denyAddressSec,
    now: o.now,
    // its sockets and as many again for plain HTTP (a browser keeps a few connections per page)
    maxConnectionsPerAddress: 2 * settings.abuseLimits.connectionsPerAddress,
    exempt: settings.abuseLimits.exemptAddresses,
  });
  gate.attach(httpServer);
  return {
    httpServer,
    gate,
    drain: drainOf(httpServer),
    serve(app) {
      httpApp = app;
    },
  };
}
