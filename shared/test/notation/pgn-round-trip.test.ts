// Export then import, for every variant: a PGN file read back replays to the same moves, passes,
// state and outcome (docs/rules.md section 8).
import { describe, expect, it } from 'vitest';
import { gameToPgn, parsePgn, withRecordedOutcome } from '../../src/notation/index.js';
import { VARIANT_IDS, encodeState } from '../../src/rules/index.js';
import { mv } from './helpers.js';
import { playout } from './playout.js';

describe('PGN round trip of every variant', () => {
  it.each(VARIANT_IDS)('%s: pseudo-random games, cost passes included, read back the same', (variant) => {
    let passes = 0;
    for (const seed of [4, 5, 6, 7]) {
      const { record, state } = playout(variant, seed, 60);
      passes += record.passes?.length ?? 0;
      const pgn = gameToPgn(record, { outcome: state.outcome, timeControl: { kind: 'fischer', initial: 60, increment: 2 } });
      const read = parsePgn(pgn);
      if (!read.ok) throw new Error(`${variant}/${seed}: ${read.error.code} ${read.error.message}`);
      expect(read.value.parsed.record, `${variant}/${seed}`).toEqual(record);
      const finished = withRecordedOutcome(read.value.tags, read.value.parsed);
      if (!finished.ok) throw new Error(`${variant}/${seed}: ${finished.error.message}`);
      expect(encodeState(finished.value.state)).toBe(encodeState(state));
    }
    if (variant.startsWith('cost')) expect(passes).toBeGreaterThan(0);
  });

  it('a game whose last act is a pass ends with the next bare turn number, and reads back with that pass', () => {
    const record = { variant: 'cost' as const, moves: ['e2e4', 'e7e5', 'd2d3'].map(mv), passes: [3] };
    const pgn = gameToPgn(record, {});
    expect(pgn.trimEnd().endsWith('1.e4 2.e5 3.d3 4. *')).toBe(true);
    const read = parsePgn(pgn);
    if (!read.ok) throw new Error(read.error.message);
    expect(read.value.parsed.record).toEqual(record);
    expect([read.value.parsed.state.turn, read.value.parsed.state.color]).toEqual([4, 'black']);
  });
});
