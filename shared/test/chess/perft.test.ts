import { describe, expect, it } from 'vitest';
import { Position } from '../../src/chess/index.js';
import { perftData } from './helpers.js';

const data = { positions: perftData() };

/** Node counts up to this size run in well under a second each. */
const MAX_NODES = 5_000_000;

describe('perft (perft.json)', { timeout: 60_000 }, () => {
  for (const entry of data.positions) {
    const cases: Array<[number, number]> = entry.counts
      ? entry.counts.map((c, i): [number, number] => [i + 1, c])
      : [[entry.depth!, entry.count!]];
    const runnable = cases.filter(([, count]) => count <= MAX_NODES);
    it(`${entry.name}: depths ${runnable.map(([d]) => d).join(',')}`, () => {
      expect(runnable.length).toBeGreaterThan(0);
      const pos = Position.fromFen(entry.fen);
      if (!pos.ok) throw new Error(pos.error.message);
      for (const [depth, count] of runnable) expect([depth, pos.value.perft(depth)]).toEqual([depth, count]);
      // perft leaves the position untouched
      expect(pos.value.toFen()).toBe(entry.fen);
    });
  }

  it('depth 0 is one node', () => {
    expect(Position.initial().perft(0)).toBe(1);
  });
});
