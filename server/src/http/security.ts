import helmet from 'helmet';
import type { RequestHandler } from 'express';

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
