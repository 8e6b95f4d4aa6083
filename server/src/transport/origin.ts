import type { IncomingMessage } from 'node:http';

/**
 * Same-origin check for socket handshakes: no Origin header (non-browser clients) is fine;
 * otherwise the Origin must be the public URL's, the request's own Host, or an allowed extra.
 */
export function originAllowed(req: IncomingMessage, publicUrl: string | null, extra: readonly string[]): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (extra.includes(url.origin)) return true;
  if (publicUrl !== null && new URL(publicUrl).origin === url.origin) return true;
  return req.headers.host !== undefined && url.host === req.headers.host;
}
