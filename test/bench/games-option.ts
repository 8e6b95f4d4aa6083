/**
 * bench:server's `--games`: one number of games, or a comma-separated list of them (a sweep of the
 * offered load), measured from the lightest up. Absent: `fallback`. Anything else is an error, not a
 * silent default: a sweep that measured other loads than asked would be quoted wrongly.
 */
export function gamesOption(raw: string | undefined, fallback: number): number[] {
  if (raw === undefined || raw.trim() === '') return [fallback];
  const parts = raw.split(',').map((p) => p.trim());
  const games = parts.map(Number);
  if (parts.some((p) => p === '') || games.some((n) => !Number.isInteger(n) || n <= 0)) {
    throw new Error(`--games takes whole numbers above 0, one or a list (125,250,500); got "${raw}"`);
  }
  return [...new Set(games)].sort((a, b) => a - b);
}
