import { z } from 'zod';

/**
 * The bounds of each time control's numbers: the schema below and the seek form's inputs both read
 * them. Seconds, except `daysPerTurn`.
 */
export const TIME_CONTROL_BOUNDS = {
  fischer: { initial: { min: 10, max: 3 * 3600 }, increment: { min: 0, max: 600 } },
  'per-turn': { base: { min: 0, max: 3600 }, perMove: { min: 0, max: 600 } },
  correspondence: { daysPerTurn: { min: 1, max: 14 } },
} as const;

const bounded = (b: { readonly min: number; readonly max: number }) => z.number().int().min(b.min).max(b.max);
const B = TIME_CONTROL_BOUNDS;

/** Time controls of docs/rules.md section 9. All durations in seconds (days for correspondence). */
export const timeControlSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('none') }),
  z.object({
    kind: z.literal('fischer'),
    initial: bounded(B.fischer.initial),
    increment: bounded(B.fischer.increment),
  }),
  z.object({
    kind: z.literal('per-turn'),
    base: bounded(B['per-turn'].base),
    perMove: bounded(B['per-turn'].perMove),
  }).refine((t) => t.base + t.perMove > 0, 'per-turn budget must be positive'),
  z.object({ kind: z.literal('correspondence'), daysPerTurn: bounded(B.correspondence.daysPerTurn) }),
]);
export type TimeControl = z.infer<typeof timeControlSchema>;
