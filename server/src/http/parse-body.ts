import type { z } from 'zod';
import { fail } from '../services/errors.js';

/** Parses a request's body or query once with a shared schema; a failure is `bad-request`. */
export function parseBody<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const r = schema.safeParse(value);
  return r.success ? r.data : fail('bad-request', r.error.issues[0]?.message ?? 'bad request');
}
