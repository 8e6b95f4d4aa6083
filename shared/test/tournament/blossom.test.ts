import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../src/search/random.js';
import { matchPairs, type WeightedEdge } from '../../src/tournament/blossom.js';

/** The best (most pairs, then most weight) matching's pair count and weight, by trying every matching. */
function bruteForce(n: number, edges: readonly WeightedEdge[]): { pairs: number; weight: number } {
  let best = { pairs: 0, weight: 0 };
  const used = new Array<boolean>(n).fill(false);
  const walk = (from: number, pairs: number, weight: number): void => {
    if (pairs > best.pairs || (pairs === best.pairs && weight > best.weight)) best = { pairs, weight };
    for (let k = from; k < edges.length; k++) {
      const [i, j, w] = edges[k] as WeightedEdge;
      if (used[i] || used[j]) continue;
      used[i] = used[j] = true;
      walk(k + 1, pairs + 1, weight + w);
      used[i] = used[j] = false;
    }
  };
  walk(0, 0, 0);
  return best;
}

describe('matchPairs (edmonds-blossom-fixed): a maximum-cardinality, maximum-weight matching', () => {
  it('agrees with trying every matching on 300 random graphs of up to 9 vertices', () => {
    const random = seededRandom(42);
    for (let t = 0; t < 300; t++) {
      const n = 2 + Math.floor(random() * 8);
      const edges: WeightedEdge[] = [];
      for (let i = 0; i < n; i++) {
        for (let j = i + 1; j < n; j++) if (random() < 0.6) edges.push([i, j, 1 + Math.floor(random() * 1000)]);
      }
      const pairs = matchPairs(edges);
      const seen = new Set(pairs.flat());
      expect(seen.size).toBe(pairs.length * 2); // nobody twice
      const weight = pairs.reduce((s, [i, j]) => s + (edges.find((e) => e[0] === i && e[1] === j)?.[2] ?? Number.NaN), 0);
      expect({ pairs: pairs.length, weight }).toEqual(bruteForce(n, edges));
    }
  });

  it('prefers more pairs to more weight, and answers no pairs for no edges', () => {
    // 0-1 heavy alone, or 0-2 and 1-3 light together: two pairs win
    expect(matchPairs([[0, 1, 100], [0, 2, 1], [1, 3, 1]])).toEqual([[0, 2], [1, 3]]);
    expect(matchPairs([])).toEqual([]);
  });
});
