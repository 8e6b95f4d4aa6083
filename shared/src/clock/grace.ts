/** The first-move grace period of docs/rules.md section 9, in milliseconds (kept free of zod for the client bundle). */
export const FIRST_MOVE_GRACE_MS = 30_000;
