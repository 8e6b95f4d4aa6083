import { describe, expect, it } from 'vitest';
import {
  gameToPgn,
  makePgn,
  parseGame,
  parsePgn,
  readTags,
  variantFromTag,
  wrap,
  writeTags,
} from '../../src/notation/index.js';
import { VARIANTS } from '../../src/rules/index.js';
import { mv } from './helpers.js';
import { playout } from './playout.js';

const MATE = '1.e4 2.e5 Nf6 3.Bc4 Qh5 Qxf7#';

function recordOf(text: string) {
  const parsed = parseGame(text, 'scottish');
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value.record;
}

describe('PGN tags', () => {
  it('writes the roster first, escapes quotes and reads them back', () => {
    const text = writeTags({ Black: 'B "the" \\ one', White: 'W', Event: 'E', Custom: 'x' });
    expect(text.split('\n')).toEqual(['[Event "E"]', '[White "W"]', '[Black "B \\"the\\" \\\\ one"]', '[Custom "x"]']);
    expect(readTags(`${text}\n\n1.e4 *\n`)).toEqual({
      tags: { Event: 'E', White: 'W', Black: 'B "the" \\ one', Custom: 'x' },
      movetext: '1.e4 *\n',
    });
  });

  it('names variants by name or id', () => {
    expect(variantFromTag('english')).toBe('english');
    expect(variantFromTag('cost-fibonacci')).toBe('cost-fibonacci');
    expect(variantFromTag('Nope')).toBeUndefined();
    for (const variant of Object.values(VARIANTS)) expect(variantFromTag(variant.name.toUpperCase())).toBe(variant.id);
    expect(variantFromTag('Scottish progressive (Scotch chess)')).toBe('scottish');
    expect(variantFromTag('English progressive (ENPR)')).toBe('english');
  });

  it('wraps movetext at 80 columns without breaking words', () => {
    const words = Array.from({ length: 60 }, (_, i) => `${i}.Nf3`);
    const lines = wrap(words.join(' ')).split('\n');
    expect(lines.length).toBeGreaterThan(3);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(80);
    expect(lines.join(' ')).toBe(words.join(' '));
  });
});

describe('PGN export and import', () => {
  it('exports the tags and the movetext, and imports it back', () => {
    const record = recordOf(MATE);
    const pgn = gameToPgn(record, {
      tags: { Event: 'Casual', Site: 'Progressive Chess Live', Date: '2026.11.20', White: 'Ann', Black: 'Bob' },
      outcome: { result: '1-0', reason: 'checkmate' },
      timeControl: { kind: 'fischer', initial: 300, increment: 5 },
    });
    expect(pgn).toContain(`[Variant "${VARIANTS.scottish.name}"]`);
    expect(pgn).toContain('[Result "1-0"]');
    expect(pgn).toContain('[Termination "checkmate"]');
    expect(pgn).toContain('[TimeControl "300+5"]');
    expect(pgn).not.toContain('[FEN');
    expect(pgn.trimEnd().endsWith(`${MATE} 1-0`)).toBe(true);
    const back = parsePgn(pgn);
    if (!back.ok) throw new Error(back.error.message);
    expect(back.value.tags.White).toBe('Ann');
    expect(back.value.parsed.record).toEqual(record);
    expect(back.value.parsed.result).toBe('1-0');
    expect(back.value.parsed.state.outcome?.reason).toBe('checkmate');
  });

  it('carries the starting position in SetUp, FEN and Turn', () => {
    const fen = 'rnbBkbnr/pp1p1ppp/8/8/3p4/8/PPP1PPPP/RN1QKBNR b KQkq - 0 1';
    const record = {
      variant: 'italian' as const,
      initialFen: fen,
      initialTurn: 4,
      moves: ['d4d3', 'd3c2', 'c2b1q', 'f8b4'].map(mv),
    };
    const pgn = makePgn(record, { White: 'Ann' });
    expect(pgn).toContain(`[FEN "${fen}"]`);
    expect(pgn).toContain('[Turn "4"]');
    expect(pgn).toContain('[SetUp "1"]');
    expect(pgn).toContain('[Result "*"]');
    const back = parsePgn(pgn);
    if (!back.ok) throw new Error(back.error.message);
    expect(back.value.parsed.record).toEqual(record);
    expect(back.value.parsed.state.outcome?.result).toBe('0-1');
  });

  it('reports a variant it does not know, and the first illegal move', () => {
    expect(parsePgn('[Variant "Bughouse"]\n\n1.e4 *')).toMatchObject({ ok: false, error: { code: 'unknown-variant' } });
    expect(parsePgn('1.e4 *')).toMatchObject({ ok: false, error: { code: 'unknown-variant' } });
    expect(parsePgn('1.e4 *', { variant: 'english' }).ok).toBe(true);
    const bad = parsePgn('[Variant "english"]\n\n1.e4 2.e6 f6 3.e5 Ba6\nBxb7 *');
    expect(bad).toMatchObject({ ok: false, error: { code: 'cycle-piece-already-moved', turn: 3, move: 3, san: 'Bxb7' } });
  });

  it('writes a long game on lines of at most 80 columns that read back', () => {
    const { record } = playout('scottish', 7, 120);
    const pgn = makePgn(record);
    const lines = pgn.split('\n');
    expect(lines.length).toBeGreaterThan(4);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(80);
    const back = parsePgn(pgn);
    if (!back.ok) throw new Error(back.error.message);
    expect(back.value.parsed.record.moves).toEqual(record.moves);
  });

  it('writes a faulty record up to its first illegal move, with a comment', () => {
    const pgn = makePgn({ variant: 'scottish', moves: ['e2e4', 'e2e4'].map(mv) });
    expect(pgn).toContain('1.e4 {turn 2, move 1 (e2e4): ');
  });
});
