import type { RoundPairing } from './swiss-pairing.js';

/**
 * A round robin's rounds by the Berger tables (FIDE Handbook C.05, Annex 1): the players in the
 * order given are numbers 1..n (with an odd count, a number n that is nobody: whoever meets it sits
 * the round out, the round's `bye`, which scores nothing in a round robin: everyone sits out once);
 * n sits still while the others turn. Each round lists the game of n first.
 * `double`: a second cycle with the same rounds, colours swapped.
 */
export function roundRobinRounds(ids: readonly string[], double: boolean): RoundPairing[] {
  const n = ids.length + (ids.length % 2);
  const m = n - 1;
  const at = (num: number): string | null => ids[num - 1] ?? null;
  /** 1..m, turning. */
  const wrap = (x: number): number => ((((x - 1) % m) + m) % m) + 1;
  const rounds: RoundPairing[] = [];
  for (let r = 1; r <= m; r++) {
    const k = wrap(1 + (r - 1) * (n / 2));
    const games: [number, number][] = [r % 2 === 1 ? [k, n] : [n, k]];
    for (let i = 1; i < n / 2; i++) games.push([wrap(k + i), wrap(k - i)]);
    let bye: string | null = null;
    const pairs = [];
    for (const [w, b] of games) {
      const white = at(w);
      const black = at(b);
      if (white === null || black === null) bye = white ?? black;
      else pairs.push({ white, black });
    }
    rounds.push({ pairs, bye });
  }
  if (!double) return rounds;
  return [...rounds, ...rounds.map((r) => ({ pairs: r.pairs.map((p) => ({ white: p.black, black: p.white })), bye: r.bye }))];
}
