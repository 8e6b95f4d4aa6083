// @ts-expect-error -- the package is plain CommonJS without types: its one function is typed below.
import maxWeightMatchingUntyped from 'edmonds-blossom-fixed';

/**
 * Edmonds' maximum-weight matching (`edmonds-blossom-fixed`, MIT: a port of Joris van Rantwijk's
 * mwmatching.py, O(n³)). `edges`: [i, j, weight] with vertices 0..n-1; `maxCardinality`: only
 * matchings of the most edges count. Returns `mate`: mate[i] is the vertex matched to i, or -1 (up
 * to the highest vertex that has an edge); an empty array for no edges.
 */
const maxWeightMatching = maxWeightMatchingUntyped as (edges: WeightedEdge[], maxCardinality: boolean) => number[];

/** An edge of the graph to match: two vertices (0..n-1) and a weight (a safe integer; higher is better). */
export type WeightedEdge = [number, number, number];

/**
 * The pairs of a maximum-cardinality matching of the largest total weight among those (Edmonds'
 * blossom algorithm), each pair [i, j] with i < j, in order of i. Integer weights keep the
 * algorithm's arithmetic exact.
 */
export function matchPairs(edges: WeightedEdge[]): [number, number][] {
  const mate = maxWeightMatching(edges, true);
  const pairs: [number, number][] = [];
  mate.forEach((j, i) => {
    if (j > i) pairs.push([i, j]);
  });
  return pairs;
}
