import { describe, expect, it } from 'vitest';
import { importPgn } from './analysis.js';

const PGN = `[Event "Casual game"]
[White "Ann"]
[Black "Ben"]
[Result "1-0"]
[Variant "Scottish progressive"]

1.e4 2.f6 g5 3.Qh5# 1-0
`;

describe('importPgn', () => {
  it('replays an exported game into one state per ply', () => {
    const res = importPgn(PGN);
    if (!res.ok) throw new Error(res.error);
    expect(res.game.tags.White).toBe('Ann');
    expect(res.game.records.map((r) => `${r.turn}.${r.index} ${r.san}`)).toEqual(['1.1 e4', '2.1 f6', '2.2 g5', '3.1 Qh5#']);
    expect(res.game.states).toHaveLength(5);
    expect(res.game.states.at(-1)?.outcome).toEqual({ result: '1-0', reason: 'checkmate' });
  });

  it('explains a PGN that does not read', () => {
    const bad = importPgn('[Variant "Scottish progressive"]\n\n1.e5');
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error).toMatch(/^This PGN does not read: turn 1, move 1/);
    expect(importPgn('[Variant "Nonsense"]\n\n1.e4').ok).toBe(false);
  });

  it('replays cost passes', () => {
    const res = importPgn('[Variant "Cost progressive"]\n[SetUp "1"]\n[FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"]\n[Turn "5"]\n\n5.e4 6.e5 7.d4');
    if (!res.ok) throw new Error(res.error);
    expect(res.game.records.map((r) => r.color)).toEqual(['white', 'black', 'white']);
  });
});
