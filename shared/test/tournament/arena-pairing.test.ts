import { describe, expect, it } from 'vitest';
import type { Color } from '../../src/chess/types.js';
import { ARENA_MAX_SAME_COLOUR } from '../../src/protocol/index.js';
import { seededRandom } from '../../src/search/random.js';
import { colourStreak, pairArena, type ArenaCandidate, type Pair } from '../../src/tournament/index.js';

const player = (id: string, score: number, more: Partial<ArenaCandidate> = {}): ArenaCandidate => ({
  id,
  score,
  rating: 1500,
  lastOpponent: null,
  colours: [],
  ...more,
});
const whites = (n: number): Color[] => new Array<Color>(n).fill('white');
const blacks = (n: number): Color[] => new Array<Color>(n).fill('black');
/** The pairs as sorted "x-y" strings, colours aside. */
const meetings = (pairs: readonly Pair[]): string[] => pairs.map((p) => [p.white, p.black].sort().join('-')).sort();

describe('pairArena', () => {
  it('pairs players close in score, best first', () => {
    const pairs = pairArena([player('d', 1), player('a', 10), player('c', 2), player('b', 9)], { seed: 1 });
    expect(meetings(pairs)).toEqual(['a-b', 'c-d']);
    expect([pairs[0]?.white, pairs[0]?.black].sort()).toEqual(['a', 'b']);
  });

  it('between equal scores, pairs close ratings', () => {
    const pairs = pairArena([player('a', 4, { rating: 2000 }), player('b', 4, { rating: 1400 }), player('c', 4, { rating: 1950 }), player('d', 4, { rating: 1420 })], { seed: 1 });
    expect(meetings(pairs)).toEqual(['a-c', 'b-d']);
  });

  it('never pairs two players apart (a block), while the others are paired', () => {
    const waiting = [player('a', 10), player('b', 9), player('c', 8), player('d', 7)];
    expect(meetings(pairArena(waiting, { seed: 1 }))).toEqual(['a-b', 'c-d']);
    const apart = (x: string, y: string): boolean => [x, y].sort().join('-') === 'a-b';
    expect(meetings(pairArena(waiting, { seed: 1, apart }))).toEqual(['a-c', 'b-d']);
    expect(pairArena([player('a', 10), player('b', 9)], { seed: 1, apart })).toEqual([]);
  });

  it('no immediate re-pairing while someone else waits', () => {
    const ab = { a: player('a', 10, { lastOpponent: 'b' }), b: player('b', 9, { lastOpponent: 'a' }) };
    const cd = { c: player('c', 8, { lastOpponent: 'd' }), d: player('d', 7, { lastOpponent: 'c' }) };
    expect(meetings(pairArena([ab.a, ab.b, cd.c, cd.d], { seed: 1 }))).toEqual(['a-c', 'b-d']);
    expect(meetings(pairArena([ab.a, ab.b, player('c', 0)], { seed: 1 }))).toHaveLength(1);
    expect(meetings(pairArena([ab.a, ab.b, player('c', 0)], { seed: 1 }))).not.toContain('a-b');
  });

  it('the same two again when nobody else waits, or when only one of them last played the other', () => {
    expect(meetings(pairArena([player('a', 3, { lastOpponent: 'b' }), player('b', 2, { lastOpponent: 'a' })], { seed: 1 }))).toEqual(['a-b']);
    const oneWay = [player('a', 10, { lastOpponent: 'b' }), player('b', 9, { lastOpponent: 'x' }), player('c', 0), player('d', 0)];
    expect(meetings(pairArena(oneWay, { seed: 1 }))).toEqual(['a-b', 'c-d']);
  });

  it(`never a game more than ${ARENA_MAX_SAME_COLOUR} in a row with one colour`, () => {
    const pairs = pairArena([player('a', 5, { colours: whites(ARENA_MAX_SAME_COLOUR) }), player('b', 5, { colours: blacks(1) })], { seed: 1 });
    expect(pairs).toEqual([{ white: 'b', black: 'a' }]);
    // both had white three times in a row: they may not meet
    expect(pairArena([player('a', 5, { colours: whites(3) }), player('b', 5, { colours: ['black', ...whites(3)] })], { seed: 1 })).toEqual([]);
  });

  it('colour balance: the one with fewer whites gets white, then the one who had black last; else the seed decides', () => {
    expect(pairArena([player('a', 5, { colours: ['white', 'white'] }), player('b', 5, { colours: ['white', 'black'] })], { seed: 1 })).toEqual([{ white: 'b', black: 'a' }]);
    expect(pairArena([player('a', 5, { colours: ['white', 'black'] }), player('b', 5, { colours: ['black', 'white'] })], { seed: 1 })).toEqual([{ white: 'a', black: 'b' }]);
    const fresh = [player('a', 0), player('b', 0)];
    const whiteBySeed = new Set(Array.from({ length: 16 }, (_, seed) => pairArena(fresh, { seed })[0]?.white));
    expect(whiteBySeed).toEqual(new Set(['a', 'b']));
    expect(pairArena(fresh, { seed: 7 })).toEqual(pairArena([...fresh].reverse(), { seed: 7 }));
  });

  it('in windows: those left unpaired in one window join the next', () => {
    // a..d all had white 3 times: none may meet another; e, f had black
    const stuck = ['a', 'b', 'c', 'd'].map((id, i) => player(id, 20 - i, { colours: whites(3) }));
    const pairs = pairArena([...stuck, player('e', 5, { colours: blacks(1) }), player('f', 4, { colours: blacks(1) })], { seed: 1, window: 4 });
    expect(meetings(pairs)).toEqual(['c-e', 'd-f']);
    expect(pairs.every((p) => p.black !== 'e' && p.black !== 'f')).toBe(true);
  });

  it('below the first window, neighbours in rank meet (proximity, as lichess), where the blossom would cross them for ratings', () => {
    // ranks 4..7 (scores 5, 4, 4, 3) with ratings 1000, 2400, 1000, 2400
    const waiting = [
      player('a', 20, { rating: 1000 }),
      player('b', 19, { rating: 2400 }),
      player('c', 19, { rating: 1000 }),
      player('d', 18, { rating: 2400 }),
      player('e', 5, { rating: 1000 }),
      player('f', 4, { rating: 2400 }),
      player('g', 4, { rating: 1000 }),
      player('h', 3, { rating: 2400 }),
    ];
    // one window of all: the least cost pairs e with g and f with h (equal ratings), two places apart
    expect(meetings(pairArena(waiting, { seed: 1, window: 8 }))).toEqual(['a-b', 'c-d', 'e-g', 'f-h']);
    // windows of 4: the top one exact as before, the one below by neighbours
    expect(meetings(pairArena(waiting, { seed: 1, window: 4 }))).toEqual(['a-b', 'c-d', 'e-f', 'g-h']);
    // a neighbour pair that may not meet (they just played each other): each meets the nearest they may
    const rematch = waiting.map((p) => (p.id === 'e' ? { ...p, lastOpponent: 'f' } : p.id === 'f' ? { ...p, lastOpponent: 'e' } : p));
    expect(meetings(pairArena(rematch, { seed: 1, window: 4 }))).toEqual(['a-b', 'c-d', 'e-g', 'f-h']);
  });

  it('below the first window, those who may meet fewest choose first: a neighbour who may meet anyone does not take their one partner', () => {
    // g and h had white 3 times (neither may meet the other); e and f may meet anyone
    const waiting = [
      ...['a', 'b', 'c', 'd'].map((id, i) => player(id, 20 - i)),
      player('e', 5),
      player('f', 4),
      player('g', 3, { colours: whites(3) }),
      player('h', 2, { colours: whites(3) }),
    ];
    // in rank order e would take f, leaving g and h out; g, h first: everyone plays
    const pairs = pairArena(waiting, { seed: 1, window: 4 });
    expect(meetings(pairs)).toEqual(['a-b', 'c-d', 'e-h', 'f-g']);
    expect(pairs.filter((p) => p.white === 'g' || p.white === 'h')).toEqual([]);
  });

  it('a wave of 1,000 realistic players: everyone paired at most once, within the colour rule, no immediate re-pairing', () => {
    const random = seededRandom(7);
    const ids = Array.from({ length: 1000 }, (_, i) => `p${i}`);
    const byId = new Map<string, ArenaCandidate>();
    for (const [i, id] of ids.entries()) {
      const colours = Array.from({ length: Math.floor(random() * 10) }, (): Color => (random() < 0.5 ? 'white' : 'black'));
      byId.set(id, player(id, Math.floor(random() * 40), { rating: 1000 + Math.floor(random() * 1200), colours, lastOpponent: ids[i ^ 1] ?? null }));
    }
    const pairs = pairArena([...byId.values()], { seed: 3 });
    const seen = pairs.flatMap((p) => [p.white, p.black]);
    expect(new Set(seen).size).toBe(seen.length);
    expect(pairs.length).toBeGreaterThan(480);
    for (const p of pairs) {
      const w = byId.get(p.white) as ArenaCandidate;
      const b = byId.get(p.black) as ArenaCandidate;
      expect(w.lastOpponent === b.id && b.lastOpponent === w.id).toBe(false);
      const wRun = colourStreak([...w.colours, 'white']);
      const bRun = colourStreak([...b.colours, 'black']);
      expect(Math.max(wRun.length, bRun.length)).toBeLessThanOrEqual(ARENA_MAX_SAME_COLOUR);
    }
  });
});
