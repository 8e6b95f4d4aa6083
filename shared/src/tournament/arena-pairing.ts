import { ARENA_MAX_SAME_COLOUR } from '../protocol/tournament.js';
import { hashEncodedState } from '../rules/state-hash.js';
import { matchPairs, type WeightedEdge } from './blossom.js';
import { chainMatching } from './chain-matching.js';
import { firstGetsWhite, mayTake, type ColourHistory } from './colours.js';

/** An arena player waiting for a game. */
export interface ArenaCandidate {
  readonly id: string;
  /** Arena points so far. */
  readonly score: number;
  readonly rating: number;
  /** The opponent of the player's latest game in this arena, or null. */
  readonly lastOpponent: string | null;
  /** The player's colours in this arena, oldest first. */
  readonly colours: ColourHistory;
}

export interface Pair {
  readonly white: string;
  readonly black: string;
}

export interface ArenaPairingOptions {
  /** Decides what nothing else does (who gets white between equals); the same seed, the same pairing. */
  readonly seed: number;
  /**
   * Players matched together at most (default ARENA_WINDOW): the waiting list, ranked by score, is
   * matched window by window (those left unpaired in one join the next), so a wave of thousands
   * stays fast. A window (and `exact`) of the whole list matches everyone at once.
   */
  readonly window?: number;
  /**
   * The top players matched exactly, by the blossom (default ARENA_EXACT, at most `window`): the
   * first group; the windows below pair neighbours in rank (proximity).
   */
  readonly exact?: number;
  /** Whether two players must not meet (a block between them): such a pair is never made. */
  readonly apart?: (a: string, b: string) => boolean;
}

/** The default window of `pairArena` (lichess splits its big arenas in groups of similar size). */
export const ARENA_WINDOW = 96;

/**
 * The default count of top players `pairArena` matches exactly: the blossom is cubic, some 50-100 ms
 * for 96 players in a server, a tenth of that for 48 (lichess matches a few dozen exactly too).
 */
export const ARENA_EXACT = 48;

interface Ranked {
  readonly c: ArenaCandidate;
  /** 0 = the best score among the waiting. */
  readonly rank: number;
}

/** Whether a and b played each other in their latest games (both ways, as lichess). */
const justPlayed = (a: ArenaCandidate, b: ArenaCandidate): boolean => a.lastOpponent === b.id && b.lastOpponent === a.id;

/** The colours a may take against b (white for a, black for a), within ARENA_MAX_SAME_COLOUR in a row. */
function allowed(a: ArenaCandidate, b: ArenaCandidate): { aWhite: boolean; aBlack: boolean } {
  const max = ARENA_MAX_SAME_COLOUR;
  return {
    aWhite: mayTake(a.colours, 'white', max) && mayTake(b.colours, 'black', max),
    aBlack: mayTake(a.colours, 'black', max) && mayTake(b.colours, 'white', max),
  };
}

/**
 * The cost of pairing a with b (lower is better), as lichess's arena: the distance in rank, weighed
 * more near the top (300 to 2000 a place), plus the rating difference, whether or not they may meet.
 */
function distance(a: Ranked, b: Ranked, count: number): number {
  const top = Math.min(a.rank, b.rank);
  const factor = 300 + Math.floor((1700 * (count - top)) / count);
  return Math.abs(a.rank - b.rank) * factor + Math.abs(Math.round(a.c.rating) - Math.round(b.c.rating));
}

/** Whether a and b may meet: no immediate re-pairing (unless `repairOk`), no block, a colour each may take. */
function mayMeet(a: Ranked, b: Ranked, repairOk: boolean, apart?: (a: string, b: string) => boolean): boolean {
  if (!repairOk && justPlayed(a.c, b.c)) return false;
  if (apart?.(a.c.id, b.c.id)) return false;
  const { aWhite, aBlack } = allowed(a.c, b.c);
  return aWhite || aBlack;
}

/**
 * A group in rank order whose ratings never rise with the rank is a row in which the distance grows
 * with the gap (chain-matching.ts): the least-cost matching of everyone pairs neighbours. When all
 * its pairs may meet, it is the least-cost matching of those who may (it cannot do better than the
 * one without the rules); otherwise null, and the blossom decides. With `proximity` the ratings may
 * rise (where two score groups meet): neighbours are paired all the same, as lichess pairs all but
 * the top of a big arena ("proximity pairings"), close to the least cost without the blossom's.
 */
function chainGroup(group: readonly Ranked[], count: number, repairOk: boolean, proximity: boolean, apart?: (a: string, b: string) => boolean): [number, number][] | null {
  for (let i = 1; i < group.length && !proximity; i++) {
    if (Math.round((group[i] as Ranked).c.rating) > Math.round((group[i - 1] as Ranked).c.rating)) return null;
  }
  const pairs = chainMatching(group.length, (i, j) => distance(group[i] as Ranked, group[j] as Ranked, count));
  return pairs.every(([i, j]) => mayMeet(group[i] as Ranked, group[j] as Ranked, repairOk, apart)) ? pairs : null;
}

/**
 * Proximity pairing where some neighbours may not meet. Those who may meet at most half the group
 * (a colour run, say) choose first, in rank order, then everyone else: each player still free meets
 * the nearest free one who may meet them. O(n²) at worst, not the blossom's O(n³); the constrained
 * first, so that a neighbour who could meet anyone does not take the one partner they had.
 */
function nearestGroup(group: readonly Ranked[], repairOk: boolean, apart?: (a: string, b: string) => boolean): [number, number][] {
  const n = group.length;
  const may = (i: number, j: number): boolean => mayMeet(group[i] as Ranked, group[j] as Ranked, repairOk, apart);
  const degree = new Uint16Array(n);
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      if (may(i, j)) {
        degree[i] = (degree[i] as number) + 1;
        degree[j] = (degree[j] as number) + 1;
      }
    }
  }
  const order = [...group.keys()].sort((a, b) => Number((degree[a] as number) * 2 > n) - Number((degree[b] as number) * 2 > n) || a - b);
  const taken = new Uint8Array(n);
  const pairs: [number, number][] = [];
  for (const i of order) {
    if (taken[i]) continue;
    // the nearest in rank, below first at equal distance
    const free = (k: number): boolean => k >= 0 && k < n && !taken[k] && may(i, k);
    for (let d = 1; d < n; d++) {
      const j = free(i + d) ? i + d : free(i - d) ? i - d : -1;
      if (j < 0) continue;
      taken[i] = taken[j] = 1;
      pairs.push(i < j ? [i, j] : [j, i]);
      break;
    }
  }
  return pairs.sort((x, y) => x[0] - y[0]);
}

/**
 * The indices of `group` (in rank order) matched by least total cost (as many pairs as possible
 * first); `proximity` (a window below the first): by neighbours (nearestGroup when some may not meet).
 */
function matchGroup(group: readonly Ranked[], count: number, repairOk: boolean, proximity: boolean, apart?: (a: string, b: string) => boolean): [number, number][] {
  const chain = chainGroup(group, count, repairOk, proximity, apart);
  if (chain) return chain;
  if (proximity) return nearestGroup(group, repairOk, apart);
  const costs: [number, number, number][] = [];
  let most = 0;
  for (let i = 0; i < group.length; i++) {
    for (let j = i + 1; j < group.length; j++) {
      const [a, b] = [group[i] as Ranked, group[j] as Ranked];
      if (!mayMeet(a, b, repairOk, apart)) continue;
      const c = distance(a, b, count);
      costs.push([i, j, c]);
      if (c > most) most = c;
    }
  }
  const edges: WeightedEdge[] = costs.map(([i, j, c]) => [i, j, most + 1 - c]);
  return matchPairs(edges);
}

/** A coin toss for the pair {a, b} from the seed: whether `a` wins it (the same whichever order they come in). */
function coin(seed: number, a: string, b: string): boolean {
  const [lo, hi] = a < b ? [a, b] : [b, a];
  const heads = (parseInt(hashEncodedState(`${seed}\u0000${lo}\u0000${hi}`), 16) & 1) === 1;
  return heads === (a === lo);
}

function colourPair(a: Ranked, b: Ranked, seed: number): Pair {
  const { aWhite, aBlack } = allowed(a.c, b.c);
  const tie = coin(seed, a.c.id, b.c.id);
  const aIsWhite = aWhite && (!aBlack || firstGetsWhite(a.c.colours, b.c.colours, tie));
  return aIsWhite ? { white: a.c.id, black: b.c.id } : { white: b.c.id, black: a.c.id };
}

/**
 * One arena wave: pairs among the waiting players, best ranked first. By score (then rating), by a
 * maximum-weight matching (Edmonds' blossom) that keeps opponents close in rank and rating (below
 * the top ARENA_EXACT, neighbours in rank: see chainGroup and nearestGroup); two
 * players whose latest games were against each other meet again only if nobody else waits; nobody
 * gets more than ARENA_MAX_SAME_COLOUR games in a row with one colour, and two players `apart` (a
 * block) never meet (such pairs are not made).
 * Players left over wait for the next wave.
 */
export function pairArena(waiting: readonly ArenaCandidate[], opts: ArenaPairingOptions): Pair[] {
  const window = Math.max(2, opts.window ?? ARENA_WINDOW);
  const exact = Math.max(2, Math.min(window, opts.exact ?? ARENA_EXACT));
  const ranked: Ranked[] = [...waiting]
    .sort((a, b) => b.score - a.score || b.rating - a.rating || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map((c, rank) => ({ c, rank }));
  const count = ranked.length;
  const repairOk = count === 2;
  const pairs: { pair: Pair; rank: number }[] = [];
  let carry: Ranked[] = [];
  let next = 0;
  while (next < count) {
    const room = next === 0 ? exact : Math.max(window - carry.length, Math.ceil(window / 2));
    const group = [...carry, ...ranked.slice(next, next + room)];
    // the top matched exactly; those below by neighbours when they may meet (lichess's big arenas)
    const proximity = next > 0;
    next += room;
    const paired = new Set<number>();
    for (const [i, j] of matchGroup(group, count, repairOk, proximity, opts.apart)) {
      paired.add(i).add(j);
      const a = group[i] as Ranked;
      const b = group[j] as Ranked;
      pairs.push({ pair: colourPair(a, b, opts.seed), rank: Math.min(a.rank, b.rank) });
    }
    carry = group.filter((_, i) => !paired.has(i)).slice(-Math.floor(window / 2));
  }
  return pairs.sort((x, y) => x.rank - y.rank).map((p) => p.pair);
}
