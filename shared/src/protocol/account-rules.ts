// The bounds of account usernames and passwords, without zod: the schemas (username.ts,
// accounts.ts) apply them at the edge, and the web client's sign-up and log-in forms show them.

/** A username has this many characters at least... */
export const USERNAME_MIN = 3;
/** ...and at most. */
export const USERNAME_MAX = 20;
/** A new password has this many characters at least... */
export const PASSWORD_MIN = 8;
/** ...and at most (a bound on what the server hashes). */
export const PASSWORD_MAX = 200;
/** The characters of a username, as a pattern... */
export const USERNAME_CHARS = /^[A-Za-z0-9_-]+$/;
/** ...and in words. */
export const USERNAME_CHARS_TEXT = 'letters, digits, _ and -';
