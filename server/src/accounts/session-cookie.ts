import { createHash, randomBytes } from 'node:crypto';
import { parse, serialize } from 'cookie';

const SESSION_COOKIE = 'pcl_session';
/**
 * A session lives this long from its login: its cookie in the browser, and its row on the server (a
 * copied cookie stops working then too); the server can revoke it any time before.
 */
const MAX_AGE_SEC = 60 * 60 * 24 * 180;
export const SESSION_MAX_AGE_MS = MAX_AGE_SEC * 1000;

export const newSessionToken = (): string => randomBytes(32).toString('base64url');
/** Only this hash is stored: a leaked database does not leak live sessions. */
export const sessionHash = (token: string): string => createHash('sha256').update(token).digest('hex');

/** The session token in a `Cookie` header, if any. */
export function sessionTokenOf(cookieHeader: string | undefined): string | null {
  if (!cookieHeader) return null;
  const token = parse(cookieHeader)[SESSION_COOKIE];
  return token && /^[A-Za-z0-9_-]{20,100}$/.test(token) ? token : null;
}

/** `Set-Cookie` value: HttpOnly, SameSite=Lax, Secure behind TLS; an empty token clears it. */
export function sessionCookie(token: string, secure: boolean): string {
  return serialize(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    maxAge: token === '' ? 0 : MAX_AGE_SEC,
  });
}
