/**
 * The least-cost matching of the most pairs among n players in a row (0..n-1), when only neighbours
 * can be in an optimal one: the cost of a pair grows with the distance between the two (for any
 * a < b < c < d, pairing a-b and c-d costs no more than a-c and b-d, or a-d and b-c). Then an
 * optimal matching of an even row pairs 0-1, 2-3, ...; of an odd row, it leaves one player out and
 * pairs the rest so, which dynamic programming finds in O(n) instead of the blossom's O(n³).
 * The arena's first wave (everyone on 0 points, in rating order) and every group in rank order whose
 * ratings fall with the rank are such rows (arena-pairing.ts).
 *
 * Returns the pairs [i, j] (i < j, in order of i) of a least-cost matching of floor(n / 2) pairs.
 */
export function chainMatching(n: number, cost: (i: number, j: number) => number): [number, number][] {
  const odd = n % 2;
  // best[s][i]: the least cost of matching players i..n-1 with s players (0 or 1) still to leave out
  const best = [new Float64Array(n + 2).fill(Infinity), new Float64Array(n + 2).fill(Infinity)] as const;
  // how: 0 = pair i with i+1, 1 = leave i out, 2 = pair i with i+2 and leave i+1 out
  const how = [new Uint8Array(n + 1), new Uint8Array(n + 1)] as const;
  best[0][n] = 0;
  for (let i = n - 1; i >= 0; i--) {
    for (const s of [0, 1] as const) {
      let low = Infinity;
      if (i + 1 < n) {
        low = cost(i, i + 1) + (best[s][i + 2] ?? Infinity);
        how[s][i] = 0;
      }
      if (s === 1) {
        const skip = best[0][i + 1] ?? Infinity;
        if (skip < low) {
          low = skip;
          how[s][i] = 1;
        }
        if (i + 2 < n) {
          const around = cost(i, i + 2) + (best[0][i + 3] ?? Infinity);
          if (around < low) {
            low = around;
            how[s][i] = 2;
          }
        }
      }
      best[s][i] = low;
    }
  }
  const pairs: [number, number][] = [];
  let s = odd;
  for (let i = 0; i < n; ) {
    const step = how[s as 0 | 1][i];
    if (step === 0) {
      pairs.push([i, i + 1]);
      i += 2;
    } else if (step === 1) {
      s = 0;
      i += 1;
    } else {
      pairs.push([i, i + 2]);
      s = 0;
      i += 3;
    }
  }
  return pairs;
}
