/** The first-move grace period of docs/rules.md section 9, in milliseconds (kept free of zod for the client bundle). */
export const FIRST_MOVE_GRACE_MS = 30_000;

/** Whether a game has clocks at all (everything but `none`; correspondence counts days). */
export const isTimed = (tc: { readonly kind: string }): boolean => tc.kind !== 'none';

/** Fischer and per-turn games abort when a side does not make its first move within the grace. */
export const hasFirstMoveGrace = (tc: { readonly kind: string }): boolean => tc.kind === 'fischer' || tc.kind === 'per-turn';
