import { randomBytes } from 'node:crypto';

/** Random URL-safe identifiers (they match the protocol's idSchema). */
export const newId = (bytes = 9): string => randomBytes(bytes).toString('base64url');
export const newGameId = (): string => newId(6);
export const newInviteCode = (): string => newId(8);
