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

  it('explains a PGN that does not read in a sentence, without the internal error code', () => {
    const bad = importPgn('[Variant "Scottish progressive"]\n\n1.e5');
    expect(bad).toEqual({ ok: false, error: 'This PGN does not read. Turn 1, move 1 (e5): e5 is not a legal move here.' });
    const early = importPgn('[Variant "Italian progressive"]\n\n1.e4 2.f6 g5 3.Qh5+ Bc4 Qxf7');
    expect(early).toEqual({
      ok: false,
      error: 'This PGN does not read. Turn 3, move 1 (Qh5+): check is allowed only on the last move of the series.',
    });
    // A problem of the tags, not of a move, names no turn and move.
    const unknown = importPgn('[Variant "Nonsense"]\n\n1.e4');
    expect(unknown).toEqual({ ok: false, error: 'This PGN does not read. Unknown variant "Nonsense".' });
    const mismatch = importPgn('[Variant "Scottish progressive"]\n[Result "0-1"]\n\n1.e4 2.f6 g5 3.Qh5# 0-1');
    expect(mismatch.ok).toBe(false);
    if (!mismatch.ok) expect(mismatch.error).not.toMatch(/turn|move \d|result-mismatch/i);
  });

  it('reads plain moves without tags in the chosen variant (Scottish when none is chosen)', () => {
    const mate = importPgn('1.e4 2.e5 Nf6 3.Bc4 Qh5 Qxf7#');
    if (!mate.ok) throw new Error(mate.error);
    expect(mate.game.states.at(-1)?.variant).toBe('scottish');
    expect(mate.game.states.at(-1)?.outcome).toEqual({ result: '1-0', reason: 'checkmate' });
    // Italian forbids the early check that Scottish allows; a Variant tag wins over the choice.
    expect(importPgn('1.e4 2.f6 g5 3.Qh5#', 'italian').ok).toBe(false);
    const tagged = importPgn('[Variant "Scottish progressive"]\n\n1.e4 2.f6 g5 3.Qh5#', 'italian');
    expect(tagged.ok && tagged.game.states.at(-1)?.variant).toBe('scottish');
    const english = importPgn('[Variant "English progressive"]\n\n1.e4 *');
    expect(english.ok && english.game.states[0]?.variant).toBe('english');
  });

  it.each([
    ['resignation', '0-1'],
    ['timeout', '1-0'],
    ['agreement', '1/2-1/2'],
    ['timeout-vs-insufficient-material', '1/2-1/2'],
    ['aborted', '*'],
  ])('finishes a game ended by %s, which the moves do not show', (reason, result) => {
    const res = importPgn(`[Variant "Scottish progressive"]\n[Result "${result}"]\n[Termination "${reason}"]\n\n1.e4 2.e5 Nc6 ${result}`);
    if (!res.ok) throw new Error(res.error);
    expect(res.game.states).toHaveLength(4);
    expect(res.game.states.at(-1)?.outcome).toEqual({ result: result === '*' ? null : result, reason });
    expect(res.game.states.slice(0, -1).map((s) => s.outcome)).toEqual([null, null, null]);
  });

  it('replays cost passes', () => {
    const res = importPgn('[Variant "Cost progressive"]\n[SetUp "1"]\n[FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"]\n[Turn "5"]\n\n5.e4 6.e5 7.d4');
    if (!res.ok) throw new Error(res.error);
    expect(res.game.records.map((r) => r.color)).toEqual(['white', 'black', 'white']);
    // A pass after the last move: the board ends with White to play turn 7.
    const passed = importPgn('[Variant "Cost progressive"]\n[Turn "5"]\n\n5.e4 6.e5 7.');
    if (!passed.ok) throw new Error(passed.error);
    expect(passed.game.states.at(-1)).toMatchObject({ turn: 7, color: 'white', outcome: null });
  });
});
