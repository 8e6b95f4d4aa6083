import { describe, expect, it } from 'vitest';
import { BERSERK_MIN_TURNS } from '../../src/protocol/index.js';
import type { GameResult } from '../../src/rules/variant-ids.js';
import { standings, type StandingGame, type StandingPlayer } from '../../src/tournament/index.js';

const player = (id: string, rating = 1500, more: Partial<StandingPlayer> = {}): StandingPlayer => ({
  id,
  name: id.toUpperCase(),
  bot: false,
  rating,
  paused: false,
  withdrawn: false,
  ...more,
});
const g = (white: string, black: string, result: GameResult | null, more: Partial<StandingGame> = {}): StandingGame => ({ white, black, result, round: 0, turns: 10, ...more });

describe('standings: arena', () => {
  const players = [player('a', 1600), player('b', 1800), player('c', 1500), player('d', 1500, { paused: true })];
  const games = [
    g('a', 'b', '1-0', { berserk: { white: true, black: false }, turns: BERSERK_MIN_TURNS }),
    g('c', 'd', '1/2-1/2'),
    g('b', 'c', '0-1'),
    g('a', 'c', '1-0'),
    g('d', 'a', '0-1'),
    g('b', 'd', null),
  ];

  it('ranks by points (streaks, berserk), keeps each sheet in order, and counts games, wins and berserks', () => {
    const s = standings('arena', players, games);
    expect(s.map((x) => [x.rank, x.playerId, x.score])).toEqual([
      [1, 'a', 3 + 2 + 4], // berserked win 2+1, win 2, then on fire: 4
      [2, 'c', 1 + 2 + 0],
      [3, 'd', 1],
      [4, 'b', 0],
    ]);
    const a = s[0];
    expect(a).toMatchObject({ games: 3, wins: 3, draws: 0, losses: 0, berserks: 1, fire: true, buchholz: 0, sonnebornBerger: 0 });
    expect(a?.sheet).toEqual([{ points: 3, berserk: true, doubled: false }, { points: 2, berserk: false, doubled: false }, { points: 4, berserk: false, doubled: true }]);
    expect(s[2]).toMatchObject({ playerId: 'd', paused: true, games: 2 });
  });

  it('performance: the opponents\' average rating + 500 × (wins − losses) / games; null before a game', () => {
    const s = standings('arena', players, games);
    // c: drew d (1500), beat b (1800), lost to a (1600): (4900 + 500·0) / 3
    expect(s.find((x) => x.playerId === 'c')?.performance).toBe(Math.round(4900 / 3));
    expect(standings('arena', [player('z')], [])[0]).toMatchObject({ rank: 1, score: 0, performance: null, sheet: [] });
  });

  it('equal points: the better performance first; equal in both: a shared rank', () => {
    const s = standings('arena', [player('p', 1500), player('q', 1500), player('x', 2000), player('y', 1000)], [g('p', 'x', '1-0'), g('q', 'y', '1-0')]);
    // p beat x (2000): 2500; q beat y (1000): 1500; x and y lost to a 1500: 1000 each, tied (listed by rating)
    expect(s.map((x) => [x.rank, x.playerId, x.performance])).toEqual([[1, 'p', 2500], [2, 'q', 1500], [3, 'x', 1000], [3, 'y', 1000]]);
    const tied = standings('arena', [player('p'), player('q')], []);
    expect(tied.map((x) => x.rank)).toEqual([1, 1]);
  });
});

describe('standings: Swiss and round robin', () => {
  const players = ['A', 'B', 'C', 'D'].map((id) => player(id));
  // as tie-breaks.test.ts: A 1.5 (SB 2.5, Buchholz 4.5), B 2, C 1, D 1.5 (SB 2, Buchholz 4.5)
  const games = [g('A', 'B', '1-0', { round: 1 }), g('C', 'D', '1/2-1/2', { round: 1 }), g('A', 'C', '1/2-1/2', { round: 2 }), g('B', 'D', '1-0', { round: 2 }), g('D', 'A', '1-0', { round: 3 }), g('B', 'C', '1-0', { round: 3 })];

  it('round robin: points, then Sonneborn–Berger', () => {
    const s = standings('roundRobin', players, games);
    expect(s.map((x) => [x.rank, x.playerId, x.score, x.sonnebornBerger])).toEqual([[1, 'B', 2, 2.5], [2, 'A', 1.5, 2.5], [3, 'D', 1.5, 2], [4, 'C', 1, 1.5]]);
    expect(s[0]).toMatchObject({ games: 3, wins: 2, draws: 0, losses: 1, fire: false, sheet: [], performance: null });
  });

  it('Swiss: points, then Buchholz before Sonneborn–Berger; a bye is a point', () => {
    const withBye = [...players, player('E', 1500, { byes: [1], withdrawn: true })];
    const s = standings('swiss', withBye, [...games, g('E', 'C', '0-1', { round: 2 })]);
    // E: a bye (1) and a loss to C; C now 2; A and D still tied on points and Buchholz...
    expect(s.find((x) => x.playerId === 'E')).toMatchObject({ score: 1, withdrawn: true, games: 1 });
    const a = s.find((x) => x.playerId === 'A');
    const d = s.find((x) => x.playerId === 'D');
    expect(a?.buchholz).toBe(d?.buchholz);
    expect(a?.rank).toBeLessThan(d?.rank ?? 0); // ...and A's Sonneborn–Berger is higher
  });
});
