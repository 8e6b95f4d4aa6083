import helmet from 'helmet';
import type { RequestHandler } from 'express';
import { fail } from '../services/errors.js';
import { originAllowed } from '../transport/origin.js';

/**
 * Security headers. The CSP admits the built Svelte app: own scripts and styles, inline styles
 * (Svelte transitions and style directives), sockets to the same host over ws:/wss:.
 */
export function securityHeaders(publicUrl: string | undefined): RequestHandler {
  const https = publicUrl?.startsWith('https:') ?? false;
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: https,
  });
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const JSON_TYPE = /^application\/json\s*(;|$)/i;

/**
 * State-changing API requests (any method but GET, HEAD, OPTIONS) only from the site itself, as
 * JSON: a browser's `Sec-Fetch-Site` must be `same-origin` (or `none`, typed by the user), its
 * `Origin` the site's (originAllowed: the public URL's, the request's own host, or
 * ALLOWED_ORIGINS), else `403 cross-site`; and the body must be `application/json` (`400
 * bad-request`), which a cross-site form or a "simple" fetch cannot send without a preflight.
 * SameSite=Lax cookies already stay off cross-site POSTs in current browsers; this holds in the
 * others too, and against a sibling subdomain (same site, other origin).
 */
export function sameOriginWrites(publicUrl: string | undefined, allowedOrigins: readonly string[]): RequestHandler {
  return (req, _res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    // Only a cookie is ambient authority. A request without one (a program's) has none to forge, and an
    // API token (the Bot and Board API) is sent cross-site by a browser only after a CORS preflight,
    // which this server never grants: neither is checked here (the API answers them itself).
    if (req.headers.authorization !== undefined || req.headers.cookie === undefined) return next();
    const site = req.headers['sec-fetch-site'];
    const crossSite = site !== undefined && site !== 'same-origin' && site !== 'none';
    if (crossSite || !originAllowed(req, publicUrl ?? null, allowedOrigins)) fail('cross-site', 'requests that change something come from this site only');
    // (a DELETE has no body, and no form can send one: a cross-site one needs a preflight)
    if (req.method !== 'DELETE' && !JSON_TYPE.test(req.headers['content-type'] ?? '')) fail('bad-request', 'the request body must be JSON (Content-Type: application/json)');
    next();
  };
}
