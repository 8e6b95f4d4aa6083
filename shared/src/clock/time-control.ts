import { z } from 'zod';
import { TIME_CONTROL_BOUNDS } from './time-control-bounds.js';

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
