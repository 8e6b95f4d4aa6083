import { z } from 'zod';

/** Time controls of docs/rules.md section 9. All durations in seconds (days for correspondence). */
export const timeControlSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('none') }),
  z.object({
    kind: z.literal('fischer'),
    initial: z.number().int().min(10).max(3 * 3600),
    increment: z.number().int().min(0).max(600),
  }),
  z.object({
    kind: z.literal('per-turn'),
    base: z.number().int().min(0).max(3600),
    perMove: z.number().int().min(0).max(600),
  }).refine((t) => t.base + t.perMove > 0, 'per-turn budget must be positive'),
  z.object({ kind: z.literal('correspondence'), daysPerTurn: z.number().int().min(1).max(14) }),
]);
export type TimeControl = z.infer<typeof timeControlSchema>;
