/** Settings read from the environment by the entry point's helpers. */
export type Env = Readonly<Record<string, string | undefined>>;

/**
 * An optional integer setting of at least `min` (1 by default): undefined when unset or empty,
 * and anything else is an error, not a silent default.
 */
export function envInteger(env: Env, name: string, min = 1): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) {
    throw new Error(`${name} must be a ${min === 1 ? 'positive' : min === 0 ? 'non-negative' : `>= ${min}`} integer, got "${raw}"`);
  }
  return n;
}
