// A child's series key made from its parent's (touchedKey before and after the move) equals the key
// worked out from the whole board, for every kind of move: castling, en passant, promotion, capture.
import { describe, expect, it } from 'vitest';
import { parseFen } from '../../src/chess/fen.js';
import { BUF, generateRoot } from '../../src/chess/movegen.js';
import { rulesBits } from '../../src/chess/position.js';
import { F_DOUBLE } from '../../src/chess/tables.js';
import { STANDARD_RULES } from '../../src/chess/types.js';
import { KeyHalves, seriesKey, touchedKey, xorKeys } from '../../src/mate/zobrist.js';

const RULES = rulesBits(STANDARD_RULES);

const FENS = [
  'r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1',
  'r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R b KQkq - 0 1',
  'rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 1',
  'rnbqkbnr/pppp1ppp/8/8/3pP3/8/PPP2PPP/RNBQKBNR b KQkq e3 0 1',
  'r3k3/1P6/8/8/8/8/6p1/4K2R w Kq - 0 1',
  'r3k3/1P6/8/8/8/8/6p1/4K2R b Kq - 0 1',
];

describe('touchedKey', () => {
  it.each(FENS)('%s: two plies of every move, keyed from the parent', (fen) => {
    const parsed = parseFen(fen);
    if (!parsed.ok) throw new Error(parsed.error.message);
    const b = parsed.value;
    let checked = 0;
    const walk = (depth: number, base: number, spent: number, epNext: number[]): void => {
      const key = seriesKey(b, spent, [], epNext);
      const end = generateRoot(b, base, RULES);
      for (let i = base; i < end; i++) {
        const m = BUF[i]!;
        const us = b.side;
        const before = touchedKey(b, m, us, spent, epNext);
        // the search's way: the parent's key kept in halves without m's terms, then with them after m
        const halves = new KeyHalves();
        halves.without(key, b, m, us, spent, epNext);
        const next = ((m >> 14) & 7) === F_DOUBLE ? [...epNext, ((m & 127) + ((m >> 7) & 127)) >> 1] : epNext;
        b.make(m);
        // as the series search plays on: the same side moves again, no en passant inside a series
        b.side = us;
        b.epCount = 0;
        expect(xorKeys(xorKeys(key, before), touchedKey(b, m, us, spent + 1, next))).toBe(seriesKey(b, spent + 1, [], next));
        expect(halves.with(b, m, us, spent + 1, next)).toBe(seriesKey(b, spent + 1, [], next));
        checked++;
        if (depth > 1) walk(depth - 1, end, spent + 1, next);
        b.side = us ^ 8;
        b.unmake(m);
      }
    };
    walk(2, 0, 0, []);
    expect(checked).toBeGreaterThan(100);
  });
});
