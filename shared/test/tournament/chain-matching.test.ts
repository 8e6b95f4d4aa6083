import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../src/search/random.js';
import { matchPairs, type WeightedEdge } from '../../src/tournament/blossom.js';
import { chainMatching } from '../../src/tournament/chain-matching.js';
import { pairArena, type ArenaCandidate } from '../../src/tournament/index.js';

/** A row as the arena's: ranks rising with gaps, ratings falling; the arena's cost (distance in rank weighed more near the top, plus the rating gap). */
function row(n: number, random: () => number): (i: number, j: number) => number {
  const rank: number[] = [];
  const rating: number[] = [];
  for (let i = 0, r = Math.floor(random() * 5), x = 2200; i < n; i++, r += 1 + Math.floor(random() * 4), x -= Math.floor(random() * 80)) {
    rank.push(r);
    rating.push(random() < 0.3 ? (rating[i - 1] ?? x) : x);
  }
  const count = (rank[n - 1] ?? 0) + 1;
  return (i, j) => {
    const top = Math.min(rank[i] ?? 0, rank[j] ?? 0);
    return Math.abs((rank[i] ?? 0) - (rank[j] ?? 0)) * (300 + Math.floor((1700 * (count - top)) / count)) + Math.abs((rating[i] ?? 0) - (rating[j] ?? 0));
  };
}

const total = (pairs: readonly [number, number][], cost: (i: number, j: number) => number): number => pairs.reduce((s, [i, j]) => s + cost(i, j), 0);

/** The blossom's least-cost matching of the most pairs on the complete graph. */
function blossom(n: number, cost: (i: number, j: number) => number): [number, number][] {
  const edges: WeightedEdge[] = [];
  let most = 0;
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) most = Math.max(most, cost(i, j));
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) edges.push([i, j, most + 1 - cost(i, j)]);
  return matchPairs(edges);
}

describe('chainMatching: the least-cost matching of a row by neighbours', () => {
  it('matches floor(n / 2) pairs, everyone at most once', () => {
    for (let n = 0; n <= 9; n++) {
      const pairs = chainMatching(n, (i, j) => j - i);
      expect(pairs).toHaveLength(Math.floor(n / 2));
      expect(new Set(pairs.flat()).size).toBe(2 * pairs.length);
    }
    expect(chainMatching(5, (i, j) => (i === 1 || j === 1 ? 1 : 100) * (j - i))).toEqual([[0, 1], [2, 3]]);
    // in an odd row, the one left out may sit between a pair
    expect(chainMatching(3, (i, j) => (i === 0 && j === 2 ? 1 : 50))).toEqual([[0, 2]]);
  });

  it("costs exactly what the blossom's optimum costs on 400 random arena rows of up to 40 players", () => {
    const random = seededRandom(11);
    for (let t = 0; t < 400; t++) {
      const n = 1 + Math.floor(random() * 40);
      const cost = row(n, random);
      const chain = chainMatching(n, cost);
      const best = blossom(n, cost);
      expect(chain.length).toBe(best.length);
      expect(total(chain, cost)).toBe(total(best, cost));
    }
  });

  it('pairArena makes the same meetings as the blossom on the first wave of 200 players (everyone on 0, in rating order)', () => {
    const random = seededRandom(3);
    const waiting: ArenaCandidate[] = Array.from({ length: 200 }, (_, i) => ({ id: `p${i}`, score: 0, rating: 1000 + Math.floor(random() * 1400), lastOpponent: null, colours: [] }));
    const pairs = pairArena(waiting, { seed: 1 });
    expect(pairs).toHaveLength(100);
    // by rating, neighbours meet: the 1st and 2nd, the 3rd and 4th, ...
    const byRating = [...waiting].sort((a, b) => b.rating - a.rating || (a.id < b.id ? -1 : 1)).map((p) => p.id);
    const meetings = new Set(pairs.map((p) => [p.white, p.black].sort().join('-')));
    for (let i = 0; i < 200; i += 2) expect(meetings.has([byRating[i], byRating[i + 1]].sort().join('-'))).toBe(true);
  });
});
