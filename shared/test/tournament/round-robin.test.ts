import { describe, expect, it } from 'vitest';
import { roundRobinRounds } from '../../src/tournament/index.js';

const ids = (n: number): string[] => Array.from({ length: n }, (_, i) => String(i + 1));
const table = (n: number, double = false): string[][] => roundRobinRounds(ids(n), double).map((r) => r.pairs.map((p) => `${p.white}-${p.black}`));

describe('roundRobinRounds: the Berger tables (FIDE Handbook C.05, Annex 1)', () => {
  it('4 players', () => {
    expect(table(4)).toEqual([['1-4', '2-3'], ['4-3', '1-2'], ['2-4', '3-1']]);
  });

  it('6 players', () => {
    expect(table(6)).toEqual([
      ['1-6', '2-5', '3-4'],
      ['6-4', '5-3', '1-2'],
      ['2-6', '3-1', '4-5'],
      ['6-5', '1-4', '2-3'],
      ['3-6', '4-2', '5-1'],
    ]);
  });

  it('an odd count: the table of one more, and whoever meets that number has the bye', () => {
    const rounds = roundRobinRounds(ids(5), false);
    expect(rounds.map((r) => r.bye)).toEqual(['1', '4', '2', '5', '3']);
    expect(rounds[0]?.pairs).toEqual([{ white: '2', black: '5' }, { white: '3', black: '4' }]);
  });

  it('double: the same rounds again with colours swapped', () => {
    const t = table(4, true);
    expect(t.slice(3)).toEqual([['4-1', '3-2'], ['3-4', '2-1'], ['4-2', '1-3']]);
  });

  it('every pair meets once per cycle, and colours stay balanced (16 players)', () => {
    const rounds = roundRobinRounds(ids(16), false);
    expect(rounds).toHaveLength(15);
    const met = new Set<string>();
    const whites = new Map<string, number>();
    for (const r of rounds) {
      const seated = r.pairs.flatMap((p) => [p.white, p.black]);
      expect(new Set(seated).size).toBe(16);
      for (const p of r.pairs) {
        met.add([p.white, p.black].sort().join('-'));
        whites.set(p.white, (whites.get(p.white) ?? 0) + 1);
      }
    }
    expect(met.size).toBe((16 * 15) / 2);
    expect(Math.min(...whites.values())).toBeGreaterThanOrEqual(7);
    expect(Math.max(...whites.values())).toBeLessThanOrEqual(8);
  });
});
