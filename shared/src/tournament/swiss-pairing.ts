import type { Color } from '../chess/types.js';
import { matchPairs, type WeightedEdge } from './blossom.js';
import { colourBalance, colourStreak, type ColourHistory } from './colours.js';
import type { Pair } from './arena-pairing.js';

/** A Swiss player before a round. */
export interface SwissPlayer {
  readonly id: string;
  /** Points so far (1 a win or a bye, ½ a draw). */
  readonly score: number;
  /** The rating that seeds the player (the pairing number's order: higher first). */
  readonly rating: number;
  /** Everyone the player has met. */
  readonly opponents: readonly string[];
  /** The colours of the player's games, oldest first (byes have none). */
  readonly colours: ColourHistory;
  readonly hadBye: boolean;
}

/** A round's pairing: its games, best ranked first, and who sits out with a bye (odd counts). */
export interface RoundPairing {
  readonly pairs: Pair[];
  readonly bye: string | null;
}

/** How much a player wants a colour (FIDE C.04.3 A.7): absolute, strong, mild, or none. */
interface Preference {
  readonly colour: Color | null;
  readonly strength: 0 | 1 | 2 | 3;
}

function preference(colours: ColourHistory): Preference {
  const balance = colourBalance(colours);
  const streak = colourStreak(colours);
  if (streak.colour === null) return { colour: null, strength: 0 };
  const away: Color = streak.colour === 'white' ? 'black' : 'white';
  if (Math.abs(balance) > 1 || streak.length >= 2) return { colour: balance > 1 ? 'black' : balance < -1 ? 'white' : away, strength: 3 };
  if (balance !== 0) return { colour: balance > 0 ? 'black' : 'white', strength: 2 };
  return { colour: away, strength: 1 };
}

// The costs of a pairing, in tiers (each above what the tiers below it add up to in practice).
/** Meeting again (only when nothing else pairs everyone). */
const REPEAT = 1e14;
/**
 * Two players with the same absolute colour preference (one would get a third game in a row with a
 * colour, or a difference of three): FIDE C.04.3 C.3 forbids it; here it is dearer than any float.
 */
const ABSOLUTE = 1e12;
/** Per (2 × score difference)²: keep score groups together. */
const SCORE = 1e9;
/** Per place a bye goes above the lowest ranked player (of those without one). */
const BYE = 1e6;
/** Per place a player who floats down to a lower score group is above the lowest of its group. */
const FLOAT = 1e5;
/** Per strength of a colour preference not granted. */
const COLOUR = 1e4;

interface Seeded {
  readonly p: SwissPlayer;
  readonly pref: Preference;
  /** Place in the ranking (score, then rating): 0 = first. */
  readonly rank: number;
  /** Place within its score group, and the group's size. */
  readonly place: number;
  readonly groupSize: number;
}

/** The unmet colour preferences of the pair when `a` is white (0: both granted). */
function colourCost(a: Seeded, b: Seeded, aWhite: boolean): number {
  const miss = (s: Seeded, colour: Color): number => (s.pref.colour !== null && s.pref.colour !== colour ? s.pref.strength : 0);
  return miss(a, aWhite ? 'white' : 'black') + miss(b, aWhite ? 'black' : 'white');
}

/**
 * The Dutch system's order inside a score group (FIDE C.04.3): its top half S1 meets its bottom
 * half S2 in order (the first of S1 the first of S2...), a transposition of S2 costing the places
 * moved, and two of the same half meeting (an exchange) more than any transposition; across groups,
 * the lowest of the higher group floats down (before any colour preference counts) to meet the
 * highest of the lower.
 */
function orderCost(hi: Seeded, lo: Seeded): number {
  if (hi.p.score !== lo.p.score) return FLOAT * (hi.groupSize - 1 - hi.place) + lo.place;
  const half = Math.floor(hi.groupSize / 2);
  if (hi.place >= half || lo.place < half) return hi.groupSize;
  return Math.abs(lo.place - half - hi.place);
}

function pairCost(a: Seeded, b: Seeded): number {
  const [hi, lo] = a.rank < b.rank ? [a, b] : [b, a];
  const repeat = a.p.opponents.includes(b.p.id) || b.p.opponents.includes(a.p.id) ? REPEAT : 0;
  const d = 2 * Math.abs(a.p.score - b.p.score);
  const absolute = a.pref.strength === 3 && b.pref.strength === 3 && a.pref.colour === b.pref.colour ? ABSOLUTE : 0;
  const colour = Math.min(colourCost(a, b, true), colourCost(a, b, false)) * COLOUR;
  return repeat + SCORE * d * d + absolute + colour + orderCost(hi, lo);
}

/** The cost of `s` sitting out: as if paired with a player half a point below the lowest score, the lowest placed first. */
function byeCost(s: Seeded, lowest: number): number {
  const d = 2 * (s.p.score - lowest) + 1;
  return (s.p.hadBye ? REPEAT : 0) + SCORE * d * d + BYE * (s.groupSize - 1 - s.place);
}

/**
 * Colours (FIDE C.04.3 E): grant both preferences, else the stronger, else alternate from the
 * latest round they had different colours, else the higher ranked's preference; with no
 * preference at all (the first round), the higher ranked takes white on odd boards.
 */
function colourPair(hi: Seeded, lo: Seeded, board: number): Pair {
  const asWhite = (white: Seeded, black: Seeded): Pair => ({ white: white.p.id, black: black.p.id });
  const hiWants = hi.pref.colour;
  const loWants = lo.pref.colour;
  if (hiWants === null && loWants === null) return board % 2 === 0 ? asWhite(hi, lo) : asWhite(lo, hi);
  if (hiWants !== loWants) {
    if (hiWants !== null) return hiWants === 'white' ? asWhite(hi, lo) : asWhite(lo, hi);
    return loWants === 'white' ? asWhite(lo, hi) : asWhite(hi, lo);
  }
  if (hi.pref.strength !== lo.pref.strength) {
    const strong = hi.pref.strength > lo.pref.strength ? hi : lo;
    const weak = strong === hi ? lo : hi;
    return strong.pref.colour === 'white' ? asWhite(strong, weak) : asWhite(weak, strong);
  }
  const a = hi.p.colours;
  const b = lo.p.colours;
  for (let i = a.length - 1, j = b.length - 1; i >= 0 && j >= 0; i--, j--) {
    if (a[i] !== b[j]) return a[i] === 'black' ? asWhite(hi, lo) : asWhite(lo, hi);
  }
  return hiWants === 'white' ? asWhite(hi, lo) : asWhite(lo, hi);
}

/** How far from its Dutch partner (places) a pair of the first, smaller graph may be. */
const NEAR = 12;

/**
 * Whether a (ranked above b) and b are near in the Dutch order: in one score group, within NEAR
 * places of a top-half/bottom-half pairing (or of each other, in the same half); across groups,
 * each within NEAR places of the boundary.
 */
function near(a: Seeded, b: Seeded): boolean {
  if (a.p.score !== b.p.score) return a.groupSize - 1 - a.place < NEAR && b.place < NEAR;
  const half = Math.floor(a.groupSize / 2);
  const across = a.place < half && b.place >= half;
  return Math.abs(across ? b.place - half - a.place : b.place - a.place) <= NEAR;
}

/** The pairs of least total cost among those of the most pairs. */
function bestMatching(costs: readonly WeightedEdge[]): [number, number][] {
  const most = costs.reduce((m, e) => Math.max(m, e[2]), 0);
  return matchPairs(costs.map(([i, j, c]) => [i, j, most + 1 - c]));
}

/**
 * One Swiss round (`players`: those still in; the round's number is for the caller's record: the
 * pairing follows from the players' scores and histories). Players are
 * ranked by score, then rating; a maximum-weight matching (Edmonds' blossom) over the possible
 * pairs (the usual ones first, every one if those cannot seat everyone) picks the pairing that, in
 * this order of priority: meets nobody twice (unless nothing else
 * pairs everyone), gives nobody a third game in a row or a difference of three with one colour,
 * keeps score groups together (fewest and smallest floats), gives the bye (odd counts) to the
 * lowest ranked player who has not had one, floats the lowest of a group down, grants the most
 * colour preferences, and pairs each score group's top half with its bottom half in order, as the
 * Dutch system.
 */
export function pairSwiss(players: readonly SwissPlayer[], _round: number): RoundPairing {
  const sorted = [...players].sort((a, b) => b.score - a.score || b.rating - a.rating || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const groups = new Map<number, number>();
  for (const p of sorted) groups.set(p.score, (groups.get(p.score) ?? 0) + 1);
  const seen = new Map<number, number>();
  const seeded: Seeded[] = sorted.map((p, rank) => {
    const place = seen.get(p.score) ?? 0;
    seen.set(p.score, place + 1);
    return { p, pref: preference(p.colours), rank, place, groupSize: groups.get(p.score) ?? 1 };
  });
  const n = seeded.length;
  const bye = n % 2 === 1 ? n : -1;
  const lowest = sorted[n - 1]?.score ?? 0;
  // First the usual pairs only (near each other in the Dutch order, floats of at most a point, no
  // repeat, no absolute colour clash): a far smaller graph, matched several times faster, which
  // decides whenever it can seat everyone. Else the whole graph does.
  const all: WeightedEdge[] = [];
  const usual: WeightedEdge[] = [];
  for (let i = 0; i < n; i++) {
    const a = seeded[i] as Seeded;
    for (let j = i + 1; j < n; j++) {
      const b = seeded[j] as Seeded;
      const edge: WeightedEdge = [i, j, pairCost(a, b)];
      all.push(edge);
      if (edge[2] < SCORE * 5 && near(a, b)) usual.push(edge);
    }
    if (bye >= 0) {
      const edge: WeightedEdge = [i, bye, byeCost(a, lowest)];
      all.push(edge);
      if (edge[2] < SCORE * 5) usual.push(edge);
    }
  }
  const seats = n + (bye >= 0 ? 1 : 0);
  let matched = bestMatching(usual);
  if (matched.length * 2 < seats) matched = bestMatching(all);
  let byeId: string | null = null;
  const games: [Seeded, Seeded][] = [];
  for (const [i, j] of matched) {
    if (j === bye) byeId = (seeded[i] as Seeded).p.id;
    else games.push([seeded[i] as Seeded, seeded[j] as Seeded]);
  }
  return { pairs: games.map(([hi, lo], board) => colourPair(hi, lo, board)), bye: byeId };
}
