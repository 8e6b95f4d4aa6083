import { describe, expect, it } from 'vitest';
import {
  gameToPgn,
  makePgn,
  parseGame,
  parsePgn,
  readTags,
  variantFromTag,
  withRecordedOutcome,
  wrap,
  writeTags,
  type GameRecord,
} from '../../src/notation/index.js';
import { OUTCOME_REASONS, VARIANTS, type Outcome, type OutcomeReason, type VariantId } from '../../src/rules/index.js';
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

  it('knows every variant by its name without the abbreviation, and by the abbreviation', () => {
    expect(variantFromTag('English progressive')).toBe('english');
    expect(variantFromTag('  english   PROGRESSIVE ')).toBe('english');
    expect(variantFromTag('ENPR')).toBe('english');
    expect(variantFromTag('enpr')).toBe('english');
    expect(variantFromTag('Scottish Progressive')).toBe('scottish');
    expect(variantFromTag('Progressive Take-All')).toBe('take-all');
    expect(variantFromTag('TAKE-ALL')).toBe('take-all');
    expect(variantFromTag('')).toBeUndefined();
    expect(variantFromTag('()')).toBeUndefined();
    expect(variantFromTag('progressive')).toBeUndefined();
    for (const variant of Object.values(VARIANTS)) {
      const bare = variant.name.replace(/\([^)]*\)/g, '').trim();
      expect(variantFromTag(bare.toLowerCase())).toBe(variant.id);
      expect(variantFromTag(variant.id.toUpperCase())).toBe(variant.id);
      for (const [, aside] of variant.name.matchAll(/\(([^)]*)\)/g)) expect(variantFromTag(aside ?? '')).toBe(variant.id);
    }
    expect(parsePgn('[Variant "English progressive"]\n\n1.e4 *').ok).toBe(true);
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
    expect(pgn).toContain(`[Variant "${VARIANTS.scottish.pgnName}"]`);
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

  /** A game for each way a game ends: moves that end it, or (for a finish off the board) a game in progress. */
  const finished = (variant: VariantId, ucis: string, fen?: string, turn?: number): GameRecord => ({
    variant,
    moves: ucis.split(' ').filter((u) => u.length > 0).map(mv),
    ...(fen === undefined ? {} : { initialFen: fen, initialTurn: turn ?? 1 }),
  });
  const ROOKS = 'r3k3/8/8/8/8/8/8/4K2R w - - 0 1';
  const TEN_QUIET_TURNS =
    'h1h5 e8e7 a8a7 e1f1 f1e2 h5d5 e7f6 a7a8 a8a7 a7a8 d5h5 e2e3 h5h7 e3f4 h7h4 a8a7 a7f7 f7f8 f8f7 f7f8 f8h8 ' +
    'h4h3 h3b3 b3f3 f3h3 h3h5 f4f3 f3e2 h8a8 a8a7 a7f7 f7a7 a7a8 a8a7 a7a8 a8a7 e2e3 h5h2 e3f3 h2h8 h8h7 f3f4 ' +
    'f4f3 h7d7 d7b7 f6e5 e5d6 d6c5 a7a5 c5c4 c4d4 a5a6 a6a7 a7a5 a5a6';
  const MIDSERIES = finished('scottish', 'e2e4 e7e5 b8c6 g1f3');
  const ROUND_TRIPS: ReadonlyArray<readonly [Outcome, GameRecord]> = [
    [{ result: '1-0', reason: 'checkmate' }, recordOf(MATE)],
    [{ result: '1-0', reason: 'progressive-checkmate' }, finished('italian', 'a1a8', '7k/4K1pp/5n2/8/7b/8/8/R7 w - - 0 1', 1)],
    [{ result: '1-0', reason: 'all-captured' }, finished('take-all', 'a1a8 a8e8', '4k3/8/8/8/8/8/8/R3K3 w - - 0 1', 3)],
    [{ result: '0-1', reason: 'resignation' }, finished('scottish', 'e2e4 e7e5 b8c6')],
    [{ result: '1-0', reason: 'resignation' }, MIDSERIES],
    [{ result: '1-0', reason: 'timeout' }, MIDSERIES],
    [{ result: '0-1', reason: 'timeout' }, finished('cost', 'e2e4 e7e5')],
    [{ result: '1/2-1/2', reason: 'stalemate' }, finished('scottish', 'e7f7', '7k/4Q3/8/8/8/8/8/K7 w - - 0 1', 1)],
    [{ result: '1/2-1/2', reason: 'ten-turn-rule' }, finished('scottish', TEN_QUIET_TURNS, 'r3k3/8/8/8/8/8/P7/4K2R w - - 0 1', 1)],
    [
      { result: '1/2-1/2', reason: 'repetition' },
      finished('scottish', 'h1h2 a8a7 a7a8 h2h3 h3h1 h1h2 a8a7 a7a8 a8a7 a7a8 h2h3 h3h4 h4h2 h2h3 h3h2', ROOKS, 1),
    ],
    [{ result: '1/2-1/2', reason: 'insufficient-material' }, finished('scottish', 'e1d2', '4k3/8/8/8/8/8/3p4/4K3 w - - 0 1', 3)],
    [{ result: '1/2-1/2', reason: 'agreement' }, finished('english', 'e2e4 e7e5 d7d6')],
    [{ result: '1-0', reason: 'opponent-left' }, finished('scottish', 'e2e4 e7e5 b8c6')],
    [{ result: null, reason: 'aborted' }, finished('scottish', 'e2e4')],
    [{ result: null, reason: 'aborted' }, finished('scottish', '')],
    [{ result: '1/2-1/2', reason: 'timeout-vs-insufficient-material' }, MIDSERIES],
  ];

  it('round-trips the outcome of a finished game, whatever its reason', () => {
    const reasons = new Set<OutcomeReason>(ROUND_TRIPS.map(([o]) => o.reason));
    expect([...OUTCOME_REASONS].filter((r) => !reasons.has(r))).toEqual([]);
    for (const [outcome, record] of ROUND_TRIPS) {
      const pgn = gameToPgn(record, { tags: { White: 'Ann', Black: 'Bob' }, outcome });
      expect(pgn, outcome.reason).toContain(`[Termination "${outcome.reason}"]`);
      const back = parsePgn(pgn);
      if (!back.ok) throw new Error(`${outcome.reason}: ${back.error.message}`);
      expect(back.value.parsed.record, outcome.reason).toEqual(record);
      const read = withRecordedOutcome(back.value.tags, back.value.parsed);
      if (!read.ok) throw new Error(`${outcome.reason}: ${read.error.message}`);
      expect(read.value.state.outcome, outcome.reason).toEqual(outcome);
    }
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
