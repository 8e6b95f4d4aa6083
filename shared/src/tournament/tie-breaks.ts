import type { GameResult } from '../rules/variant-ids.js';

/** A game of a tournament, for scores and tie-breaks. */
export interface StandingGame {
  readonly white: string;
  readonly black: string;
  /** null: still in play (not counted). */
  readonly result: GameResult | null;
  /** Swiss and round robin: the round (1-based); arena: 0. */
  readonly round: number;
  /** Arena: who berserked. */
  readonly berserk?: { readonly white: boolean; readonly black: boolean };
  /** Arena: the progressive turn the game reached (the berserk point needs BERSERK_MIN_TURNS). */
  readonly turns?: number;
}

/** A player's points and tie-breaks in a Swiss or round robin. */
export interface TieBreaks {
  readonly score: number;
  readonly buchholz: number;
  readonly sonnebornBerger: number;
}

/** What `id` scored in `g` (1, ½ or 0), or null when not its game or not finished. */
export function pointsIn(g: StandingGame, id: string): number | null {
  if (g.result === null || (g.white !== id && g.black !== id)) return null;
  if (g.result === '1/2-1/2') return 0.5;
  return (g.result === '1-0') === (g.white === id) ? 1 : 0;
}

interface PlayerRecord {
  /** Each finished game: the opponent, the points, the round. */
  readonly games: { readonly opponent: string; readonly points: number; readonly round: number }[];
  readonly byes: readonly number[];
}

/**
 * Scores (1 a win or a bye, ½ a draw) with Buchholz (the sum of the opponents' scores) and
 * Sonneborn–Berger (the sum of the scores of the opponents beaten, and half those drawn), with byes
 * as FIDE's tie-break rules before 2023 (Handbook C.02, 13.16.5): in the opponents' scores, a bye
 * counts as a draw (½); for the player who had it, a bye is a win against a virtual opponent who had
 * the player's score before that round and draws every later round, whose score is
 * `score before round R + 0.5 × (rounds played − R)`. `rounds`: the rounds played so far (default:
 * the highest round of a finished game or a bye).
 */
export function tieBreaks(
  players: readonly { readonly id: string; readonly byes?: readonly number[] }[],
  games: readonly StandingGame[],
  rounds?: number,
): Map<string, TieBreaks> {
  const records = new Map<string, PlayerRecord>(players.map((p) => [p.id, { games: [], byes: p.byes ?? [] }]));
  let last = 0;
  for (const g of games) {
    for (const [id, opponent] of [[g.white, g.black], [g.black, g.white]] as const) {
      const points = pointsIn(g, id);
      if (points === null) continue;
      records.get(id)?.games.push({ opponent, points, round: g.round });
      last = Math.max(last, g.round);
    }
  }
  for (const r of records.values()) for (const b of r.byes) last = Math.max(last, b);
  const played = rounds ?? last;
  const score = (r: PlayerRecord): number => r.games.reduce((s, g) => s + g.points, 0) + r.byes.length;
  /** The score an opponent counts for: its byes as draws. */
  const adjusted = new Map([...records].map(([id, r]) => [id, score(r) - 0.5 * r.byes.length]));
  const before = (r: PlayerRecord, round: number): number =>
    r.games.reduce((s, g) => s + (g.round < round ? g.points : 0), 0) + r.byes.filter((b) => b < round).length;
  const out = new Map<string, TieBreaks>();
  for (const [id, r] of records) {
    let buchholz = 0;
    let sonnebornBerger = 0;
    for (const g of r.games) {
      const theirs = adjusted.get(g.opponent) ?? 0;
      buchholz += theirs;
      sonnebornBerger += theirs * g.points;
    }
    for (const b of r.byes) {
      const virtual = before(r, b) + 0.5 * (played - b);
      buchholz += virtual;
      sonnebornBerger += virtual;
    }
    out.set(id, { score: score(r), buchholz, sonnebornBerger });
  }
  return out;
}
