import type { z } from 'zod';
import { fail } from '../services/errors.js';

/** Parses an HTTP request's part once with its shared schema; a failure is `bad-request` with the first issue. */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const r = schema.safeParse(value);
  return r.success ? r.data : fail('bad-request', r.error.issues[0]?.message ?? 'bad request');
}
