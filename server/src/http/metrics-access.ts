import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type RequestHandler } from 'express';
import { envInteger, type Env } from '../env.js';
import type { Metrics } from '../metrics.js';

/**
 * Who may read `/metrics` (METRICS_PORT, METRICS_HOST, METRICS_TOKEN). With a `port`, the metrics
 * are served there alone (on `host`, default 127.0.0.1) and no longer on the public port; with a
 * `token`, only to `Authorization: Bearer <token>` (on whichever port serves them). With neither,
 * the public port answers only requests from this machine that no proxy forwarded (a Prometheus on
 * the same host); everyone else gets the 404 of an unknown route.
 */
export interface MetricsAccess {
  readonly port?: number;
  readonly host?: string;
  readonly token?: string;
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;
const FORWARDED = ['x-forwarded-for', 'x-real-ip', 'forwarded'];

const digest = (s: string): Buffer => createHash('sha256').update(s).digest();

/** Whether this request may read the metrics (`publicPort`: it came in on the public port). */
export function metricsAllowed(req: IncomingMessage, access: MetricsAccess, publicPort: boolean): boolean {
  if (publicPort && access.port !== undefined) return false;
  if (access.token !== undefined) {
    const given = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1]?.trim() ?? '';
    return timingSafeEqual(digest(given), digest(access.token));
  }
  if (!publicPort) return true;
  return LOOPBACK.test(req.socket.remoteAddress ?? '') && FORWARDED.every((h) => req.headers[h] === undefined);
}

/** The Prometheus text of `metrics`, to whoever `metricsAllowed` admits; others fall through (404). */
export function metricsRoute(metrics: Metrics, access: MetricsAccess, publicPort: boolean): RequestHandler {
  return async (req, res, next) => {
    if (!metricsAllowed(req, access, publicPort)) return next();
    // the text first: a failure then answers as JSON, not under the Prometheus content type
    const text = await metrics.registry.metrics();
    res.type(metrics.registry.contentType).send(text);
  };
}

/** The separate metrics listener of `access.port` (none without a port). */
export function metricsListener(metrics: Metrics, access: MetricsAccess): { listen(): Promise<AddressInfo>; close(): Promise<void> } | null {
  const { port } = access;
  if (port === undefined) return null;
  const app = express();
  app.disable('x-powered-by');
  app.get('/metrics', metricsRoute(metrics, access, false));
  app.use((_req, res) => {
    res.status(404).json({ code: 'not-found', message: 'no such resource' });
  });
  const server: Server = createServer(app);
  return {
    listen: () =>
      new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, access.host ?? '127.0.0.1', () => {
          server.off('error', reject);
          resolve(server.address() as AddressInfo);
        });
      }),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * METRICS_PORT (1-65535), METRICS_HOST (with METRICS_PORT only), METRICS_TOKEN (at least 16
 * characters), each read by `read` (env-config.ts: it collects every variable's error).
 */
export function metricsAccessFromEnv(env: Env, read: <T>(f: () => T, fallback: T) => T): MetricsAccess {
  const port = read(() => {
    const p = envInteger(env, 'METRICS_PORT');
    if (p !== undefined && p > 65535) throw new Error(`METRICS_PORT must be a port from 1 to 65535, got "${p}"`);
    return p;
  }, undefined);
  const host = read(() => {
    const h = env.METRICS_HOST || undefined;
    if (h !== undefined && !env.METRICS_PORT) throw new Error('METRICS_HOST needs METRICS_PORT (the metrics listener it binds)');
    return h;
  }, undefined);
  const token = read(() => {
    const t = env.METRICS_TOKEN || undefined;
    if (t !== undefined && t.length < 16) throw new Error('METRICS_TOKEN must be at least 16 characters long');
    return t;
  }, undefined);
  return { ...(port === undefined ? {} : { port }), ...(host === undefined ? {} : { host }), ...(token === undefined ? {} : { token }) };
}
