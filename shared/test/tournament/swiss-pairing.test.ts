import { describe, expect, it } from 'vitest';
import type { Color } from '../../src/chess/types.js';
import { seededRandom } from '../../src/search/random.js';
import { colourBalance, colourStreak, pairSwiss, type SwissPlayer } from '../../src/tournament/index.js';

const fresh = (id: string, rating: number): SwissPlayer => ({ id, score: 0, rating, opponents: [], colours: [], hadBye: false });

/** A field after some games: each player's score, opponents, colours and bye, from the games' results. */
class Field {
  readonly players = new Map<string, { score: number; rating: number; opponents: string[]; colours: Color[]; hadBye: boolean }>();
  constructor(ratings: Record<string, number>) {
    for (const [id, rating] of Object.entries(ratings)) this.players.set(id, { score: 0, rating, opponents: [], colours: [], hadBye: false });
  }
  /** `white-black` games with the white player's points (1, 0.5, 0). */
  game(white: string, black: string, whitePoints: number): void {
    const w = this.get(white);
    const b = this.get(black);
    w.score += whitePoints;
    b.score += 1 - whitePoints;
    w.opponents.push(black);
    b.opponents.push(white);
    w.colours.push('white');
    b.colours.push('black');
  }
  bye(id: string): void {
    this.get(id).score += 1;
    this.get(id).hadBye = true;
  }
  list(): SwissPlayer[] {
    return [...this.players].map(([id, p]) => ({ id, ...p, opponents: [...p.opponents], colours: [...p.colours] }));
  }
  private get(id: string) {
    const p = this.players.get(id);
    if (!p) throw new Error(id);
    return p;
  }
}

const games = (r: { pairs: readonly { white: string; black: string }[] }): string[] => r.pairs.map((p) => `${p.white}-${p.black}`);

describe('pairSwiss: a worked Dutch-system example (FIDE Handbook C.04.3, pairings derived by hand from its rules)', () => {
  // Eight players, pairing numbers 1..8 by rating. The Dutch rules: a score bracket is split into
  // S1 (top half) and S2; S1[i] meets S2[i]; when colour preferences clash, S2 is transposed first
  // (C.04.3 criterion C.12: grant as many colour preferences as possible); colours by C.04.3 E.
  const ratings = { p1: 2400, p2: 2300, p3: 2200, p4: 2100, p5: 2000, p6: 1900, p7: 1800, p8: 1700 };

  it('round 1: 1-5, 6-2, 3-7, 8-4 (S1 v S2; player 1 white, colours alternating down the boards)', () => {
    const r1 = pairSwiss(Object.entries(ratings).map(([id, r]) => fresh(id, r)), 1);
    expect(games(r1)).toEqual(['p1-p5', 'p6-p2', 'p3-p7', 'p8-p4']);
    expect(r1.bye).toBeNull();
  });

  it('round 2 after the higher rated all won: 4-1, 2-3, 5-8, 7-6 (S2 transposed so that every colour preference is granted)', () => {
    const f = new Field(ratings);
    f.game('p1', 'p5', 1);
    f.game('p6', 'p2', 0);
    f.game('p3', 'p7', 1);
    f.game('p8', 'p4', 0);
    // Bracket 1 point: S1 = {1, 2}, S2 = {3, 4}. 1-3 and 2-4 would leave 1 and 3 (both had white,
    // both want black) and 2 and 4 (both want white) one preference short each; S2 transposed to
    // {4, 3}: 1-4 and 2-3 grant all four. Same in bracket 0: 5-8 and 6-7 instead of 5-7 and 6-8.
    expect(games(pairSwiss(f.list(), 2))).toEqual(['p4-p1', 'p2-p3', 'p5-p8', 'p7-p6']);
  });
});

describe('pairSwiss: byes', () => {
  it('five players: round 1 gives the bye to the lowest; round 2 to the lowest who has not had one', () => {
    const ratings = { a: 2000, b: 1900, c: 1800, d: 1700, e: 1600 };
    const r1 = pairSwiss(Object.entries(ratings).map(([id, r]) => fresh(id, r)), 1);
    expect(r1).toEqual({ pairs: [{ white: 'a', black: 'c' }, { white: 'd', black: 'b' }], bye: 'e' });
    const f = new Field(ratings);
    f.game('a', 'c', 1);
    f.game('d', 'b', 1);
    f.bye('e');
    // 1 point: a, d, e; 0: b, c. The bye goes to c (lowest, none yet); a-d, and e floats down to b.
    // a and d both had white and want black equally: the higher ranked, a, gets it. (The Dutch
    // system proper would rather float d, pair a-e and d-c, and give b the bye, to grant every colour.)
    expect(pairSwiss(f.list(), 2)).toEqual({ pairs: [{ white: 'd', black: 'a' }, { white: 'b', black: 'e' }], bye: 'c' });
  });

  it('a second bye only when everyone has had one', () => {
    const players = ['x', 'y', 'z'].map((id, i) => ({ ...fresh(id, 2000 - i), hadBye: id !== 'x' }));
    expect(pairSwiss(players, 3).bye).toBe('x');
    expect(pairSwiss(players.map((p) => ({ ...p, hadBye: true })), 4).bye).toBe('z');
  });
});

describe('pairSwiss when the rules cannot all hold', () => {
  it('two players who have met meet again rather than not play', () => {
    const a = { ...fresh('a', 2000), opponents: ['b'], colours: ['white' as const], score: 1 };
    const b = { ...fresh('b', 1900), opponents: ['a'], colours: ['black' as const] };
    expect(pairSwiss([a, b], 2)).toEqual({ pairs: [{ white: 'b', black: 'a' }], bye: null });
  });
});

describe('pairSwiss over whole tournaments', () => {
  it('11 players, 7 rounds of random results: nobody meets anyone twice, one bye each at most, every player in every round', () => {
    const random = seededRandom(11);
    for (let t = 0; t < 5; t++) {
      const f = new Field(Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`p${i}`, 1400 + Math.floor(random() * 800)])));
      for (let round = 1; round <= 7; round++) {
        const { pairs, bye } = pairSwiss(f.list(), round);
        const seated = [...pairs.flatMap((p) => [p.white, p.black]), bye];
        expect(new Set(seated).size).toBe(11);
        for (const p of pairs) {
          expect(f.players.get(p.white)?.opponents).not.toContain(p.black);
          const u = random();
          f.game(p.white, p.black, u < 0.45 ? 1 : u < 0.6 ? 0.5 : 0);
        }
        expect(f.players.get(bye ?? '')?.hadBye).toBe(false);
        f.bye(bye ?? '');
      }
      for (const p of f.players.values()) {
        expect(Math.abs(colourBalance(p.colours))).toBeLessThanOrEqual(2);
        expect(colourStreak(p.colours).length).toBeLessThanOrEqual(2);
      }
    }
  });
});
