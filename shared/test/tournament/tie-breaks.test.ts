import { describe, expect, it } from 'vitest';
import type { GameResult } from '../../src/rules/variant-ids.js';
import { tieBreaks, type StandingGame } from '../../src/tournament/index.js';

const g = (white: string, black: string, result: GameResult | null, round: number): StandingGame => ({ white, black, result, round });

describe('tie-breaks: Buchholz and Sonneborn–Berger', () => {
  // A four-player round robin. A beat B, drew C, lost to D; B beat C and D; C drew D.
  const games = [g('A', 'B', '1-0', 1), g('C', 'D', '1/2-1/2', 1), g('A', 'C', '1/2-1/2', 2), g('B', 'D', '1-0', 2), g('D', 'A', '1-0', 3), g('B', 'C', '1-0', 3)];
  const players = ['A', 'B', 'C', 'D'].map((id) => ({ id }));

  it('a worked round robin: scores, Buchholz (opponents\' scores) and Sonneborn–Berger (beaten opponents\' scores, half the drawn)', () => {
    const t = tieBreaks(players, games);
    // scores: A 1.5, B 2, C 1, D 1.5
    // SB: A = B 2 + ½·C 1 = 2.5; B = C 1 + D 1.5 = 2.5; C = ½·A 1.5 + ½·D 1.5 = 1.5; D = A 1.5 + ½·C 1 = 2
    expect(Object.fromEntries(t)).toEqual({
      A: { score: 1.5, buchholz: 4.5, sonnebornBerger: 2.5 },
      B: { score: 2, buchholz: 4, sonnebornBerger: 2.5 },
      C: { score: 1, buchholz: 5, sonnebornBerger: 1.5 },
      D: { score: 1.5, buchholz: 4.5, sonnebornBerger: 2 },
    });
  });

  it('games still in play do not count', () => {
    const t = tieBreaks(players, [...games.slice(0, 5), g('B', 'C', null, 3)]);
    expect(t.get('B')).toEqual({ score: 1, buchholz: 3, sonnebornBerger: 1.5 });
  });

  it('a bye, as FIDE\'s virtual opponent (Handbook C.02 13.16.5, example 2: 3.5 points before round 6 of 9 gives 5.0)', () => {
    // P: W W W D L in rounds 1-5 (3.5), a bye in round 6, then W L D; o1 also had a bye (round 2).
    const p = [g('P', 'o1', '1-0', 1), g('o2', 'P', '0-1', 2), g('P', 'o3', '1-0', 3), g('o4', 'P', '1/2-1/2', 4), g('P', 'o5', '0-1', 5)];
    const q = [g('o7', 'P', '0-1', 7), g('P', 'o8', '0-1', 8), g('o9', 'P', '1/2-1/2', 9)];
    const field = [{ id: 'P', byes: [6] }, { id: 'o1', byes: [2] }, ...['o2', 'o3', 'o4', 'o5', 'o7', 'o8', 'o9'].map((id) => ({ id }))];
    const t = tieBreaks(field, [...p, ...q]);
    // opponents, byes as draws: o1 0 + ½ (its bye), o4 ½, o5 1, o8 1, o9 ½, the others 0 = 3.5; the virtual opponent 5.0
    // SB: o1 ½ (beaten) + ½·o4 ½ + ½·o9 ½ + 5.0 (the bye, a win) = 6
    expect(t.get('P')).toEqual({ score: 6, buchholz: 8.5, sonnebornBerger: 6 });
  });
});
