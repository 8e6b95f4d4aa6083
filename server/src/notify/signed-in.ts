import type { Request } from 'express';
import { fail } from '../services/errors.js';
import type { AccountDirectory } from '../services/identity.js';

/** The account of the request's session cookie, or `account-required` (401). */
export const signedIn =
  (directory: AccountDirectory) =>
  async (req: Request): Promise<{ playerId: string; username: string }> =>
    (await directory.fromCookie(req.headers.cookie)) ?? fail('account-required', 'sign in first');
