// generateRoot's `only`: the moves of the marked pieces, exactly those of the full list from their squares.
import { describe, expect, it } from 'vitest';
import { parseFen } from '../../src/chess/fen.js';
import { BUF, generateRoot } from '../../src/chess/movegen.js';
import { rulesBits } from '../../src/chess/position.js';
import { STANDARD_RULES } from '../../src/chess/types.js';

const RULES = rulesBits(STANDARD_RULES);

function moves(fen: string, only: Uint8Array | null): number[] {
  const parsed = parseFen(fen);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const end = generateRoot(parsed.value, 0, RULES, only);
  return [...BUF.subarray(0, end)].sort((a, b) => a - b);
}

describe('generateRoot with only', () => {
  it.each([
    'r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1',
    'rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 1',
    'r3k3/1P6/8/8/8/8/6p1/4K2R w Kq - 0 1',
    '4k3/8/8/8/1b6/8/3P4/4K2R w K - 0 1',
  ])('%s: every subset of two pieces', (fen) => {
    const all = moves(fen, null);
    const squares = [...new Set(all.map((m) => m & 127))];
    for (const a of squares) {
      for (const b of squares) {
        const only = new Uint8Array(128);
        only[a] = 1;
        only[b] = 2;
        expect(moves(fen, only)).toEqual(all.filter((m) => (m & 127) === a || (m & 127) === b));
      }
    }
  });
});
