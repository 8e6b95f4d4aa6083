import { RATING_DEFAULT } from '../protocol/rating.js';
import type { ArenaSheetEntry, TournamentKind, TournamentStanding } from '../protocol/tournament.js';
import { arenaScore, type ArenaResult } from './arena-score.js';
import { pointsIn, tieBreaks, type StandingGame } from './tie-breaks.js';

/** A tournament's player, for the standings. */
export interface StandingPlayer {
  readonly id: string;
  readonly name: string;
  readonly bot: boolean;
  /** The rating in the tournament's variant (the default rating for a guest). */
  readonly rating: number;
  readonly paused: boolean;
  readonly withdrawn: boolean;
  /**
   * Swiss: the rounds in which the player had a bye (1 point each). Not a round robin's rest rounds
   * (everyone sits out once there, for no point).
   */
  readonly byes?: readonly number[];
}

type Unranked = Omit<TournamentStanding, 'rank'>;

const outcome = (points: number): ArenaResult['outcome'] => (points === 1 ? 'win' : points === 0 ? 'loss' : 'draw');

/**
 * An arena player's line: lichess scoring (`arenaScore`) over the games in the order given, and the
 * performance: the opponents' average rating + 500 × (wins − losses) / games.
 */
function arenaLine(p: StandingPlayer, games: readonly StandingGame[], ratings: ReadonlyMap<string, number>) {
  const results: ArenaResult[] = [];
  let opponents = 0;
  let berserks = 0;
  for (const g of games) {
    const points = pointsIn(g, p.id);
    if (points === null) continue;
    const white = g.white === p.id;
    const berserk = (white ? g.berserk?.white : g.berserk?.black) ?? false;
    if (berserk) berserks++;
    results.push({ outcome: outcome(points), berserk, turns: g.turns ?? 0 });
    opponents += ratings.get(white ? g.black : g.white) ?? RATING_DEFAULT;
  }
  const { score, fire, sheet } = arenaScore(results);
  const wins = results.filter((r) => r.outcome === 'win').length;
  const losses = results.filter((r) => r.outcome === 'loss').length;
  const n = results.length;
  const performance = n === 0 ? null : Math.round((opponents + 500 * (wins - losses)) / n);
  return { score, fire, sheet, berserks, wins, losses, draws: n - wins - losses, games: n, performance };
}

/**
 * Each player's games, in the order given: gathered in one pass, so that the standings of P players
 * and G games cost O(P + G), not O(P × G) (a 1,000-player arena's wave 8: 4 million pairs looked at).
 */
function gamesByPlayer(games: readonly StandingGame[]): Map<string, StandingGame[]> {
  const byPlayer = new Map<string, StandingGame[]>();
  const add = (id: string, g: StandingGame): void => {
    const own = byPlayer.get(id);
    if (own) own.push(g);
    else byPlayer.set(id, [g]);
  };
  for (const g of games) {
    add(g.white, g);
    if (g.black !== g.white) add(g.black, g);
  }
  return byPlayer;
}

/** Negative when `a` ranks above `b`, 0 when tied on every criterion of `kind`. */
function compare(kind: TournamentKind, a: Unranked, b: Unranked): number {
  const keys: ((s: Unranked) => number)[] =
    kind === 'arena'
      ? [(s) => s.score, (s) => s.performance ?? 0]
      : kind === 'swiss'
        ? [(s) => s.score, (s) => s.buchholz, (s) => s.sonnebornBerger, (s) => s.wins]
        : [(s) => s.score, (s) => s.sonnebornBerger, (s) => s.wins];
  for (const key of keys) {
    const d = key(b) - key(a);
    if (d !== 0) return d;
  }
  return 0;
}

/**
 * A tournament's standings, ranked. Arena: by points (lichess scoring, streaks and berserk), then
 * performance. Swiss: by points (1 a win or a bye, ½ a draw), then Buchholz, Sonneborn–Berger, wins.
 * Round robin: by points, then Sonneborn–Berger, wins (Buchholz, shown, tells nothing there: every
 * player met everyone). Players tied on all of these share a rank (listed by rating, then name).
 * `games`: every game, in the order they finished (the arena's score sheets follow it); those in play
 * do not count.
 */
export function standings(kind: TournamentKind, players: readonly StandingPlayer[], games: readonly StandingGame[]): TournamentStanding[] {
  const ratings = new Map(players.map((p) => [p.id, p.rating]));
  const ties = kind === 'arena' ? null : tieBreaks(players, games);
  const byPlayer = gamesByPlayer(games);
  const lines: Unranked[] = players.map((p) => {
    const base = { playerId: p.id, name: p.name, bot: p.bot, rating: p.rating, paused: p.paused, withdrawn: p.withdrawn };
    const own = byPlayer.get(p.id) ?? [];
    if (ties === null) {
      const a = arenaLine(p, own, ratings);
      return { ...base, ...a, buchholz: 0, sonnebornBerger: 0 };
    }
    const t = ties.get(p.id) ?? { score: 0, buchholz: 0, sonnebornBerger: 0 };
    let wins = 0;
    let draws = 0;
    let losses = 0;
    for (const g of own) {
      const points = pointsIn(g, p.id);
      if (points === 1) wins++;
      else if (points === 0) losses++;
      else if (points !== null) draws++;
    }
    const sheet: ArenaSheetEntry[] = [];
    return { ...base, ...t, games: wins + draws + losses, wins, draws, losses, fire: false, berserks: 0, performance: null, sheet };
  });
  lines.sort((a, b) => compare(kind, a, b) || b.rating - a.rating || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const ranked: TournamentStanding[] = [];
  lines.forEach((line, i) => {
    const prev = ranked[i - 1];
    const rank = prev !== undefined && compare(kind, prev, line) === 0 ? prev.rank : i + 1;
    ranked.push({ rank, ...line });
  });
  return ranked;
}
