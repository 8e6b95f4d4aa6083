/**
 * The bounds of each time control's numbers: the schema (time-control.ts) and the seek form's
 * inputs both read them. Seconds, except `daysPerTurn`. Free of zod (the client's initial bundle
 * reads it).
 */
export const TIME_CONTROL_BOUNDS = {
  fischer: { initial: { min: 10, max: 3 * 3600 }, increment: { min: 0, max: 600 } },
  'per-turn': { base: { min: 0, max: 3600 }, perMove: { min: 0, max: 600 } },
  correspondence: { daysPerTurn: { min: 1, max: 14 } },
} as const;
