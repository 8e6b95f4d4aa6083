import { describe, expect, it } from 'vitest';
import { makeGame, parseGame, type NotationError } from '../../src/notation/index.js';
import { VARIANT_IDS, encodeState, type VariantId } from '../../src/rules/index.js';
import { mv } from './helpers.js';
import { playout } from './playout.js';

const MATE = '1.e4 2.e5 Nf6 3.Bc4 Qh5 Qxf7#';
const PAWN_RACE = '4k3/8/8/8/8/8/4P3/4K3 w - - 0 1';

function read(text: string, variant: VariantId = 'scottish', opts = {}) {
  const parsed = parseGame(text, variant, opts);
  if (!parsed.ok) throw new Error(`${parsed.error.code} at ${parsed.error.turn}/${parsed.error.move}: ${parsed.error.message}`);
  return parsed.value;
}

/** parseGame then makeGame: the normalised notation. */
function normalise(text: string, variant: VariantId = 'scottish', opts = {}): string {
  const written = makeGame(read(text, variant, opts).record);
  if (!written.ok) throw new Error(written.error.message);
  return written.value;
}

function failure(text: string, variant: VariantId = 'scottish'): NotationError {
  const parsed = parseGame(text, variant);
  if (parsed.ok) throw new Error(`"${text}" was accepted`);
  return parsed.error;
}

describe('makeGame', () => {
  it('numbers every turn and computes each SAN before its move', () => {
    const moves = ['e2e4', 'e7e5', 'g8f6', 'f1c4', 'd1h5', 'h5f7'].map(mv);
    expect(makeGame({ variant: 'scottish', moves })).toEqual({ ok: true, value: MATE });
  });

  it('reports a move the rules refuse by turn and index', () => {
    const moves = ['e2e4', 'e7e5', 'e8e7', 'e7e6', 'e5e4'].map(mv);
    expect(makeGame({ variant: 'scottish', moves })).toMatchObject({
      ok: false,
      error: { turn: 3, move: 1, san: 'e7e6' },
    });
  });

  it('writes // where an English cycle completes inside a turn', () => {
    const moves = ['e2e4', 'e1d2', 'e4e5'].map(mv);
    const written = makeGame({ variant: 'english', initialFen: PAWN_RACE, initialTurn: 3, moves });
    expect(written).toEqual({ ok: true, value: '3.e4 Kd2 // e5' });
  });

  it('infers a passed cost turn from the next mover and writes a final pass as a bare number', () => {
    const moves = ['e2e4', 'e7e5', 'g1f3', 'd7d6', 'f1c4', 'b8c6'].map(mv);
    expect(makeGame({ variant: 'cost-simple', moves })).toEqual({
      ok: true,
      value: '1.e4 2.e5 3.Nf3 4.d6 5.Bc4 6.Nc6',
    });
    expect(makeGame({ variant: 'cost-simple', moves, passes: [4, 6] })).toEqual({
      ok: true,
      value: '1.e4 2.e5 3.Nf3 4.d6 5.Bc4 6.Nc6 7.',
    });
  });
});

describe('parseGame', () => {
  it('replays a game to its end', () => {
    const game = read(`${MATE} 1-0`);
    expect(game.turnsPlayed).toBe(3);
    expect(game.result).toBe('1-0');
    expect(game.state.outcome).toEqual({ result: '1-0', reason: 'checkmate' });
    expect(game.record.moves).toHaveLength(6);
  });

  it('accepts every tolerated form', () => {
    const forms = [
      '1. e2e4, 2. e7-e5 Ng8f6, 3. Bc4 Qd1-h5 Qxf7# 1-0',
      '1.e4\n2.e5 Nf6\n3.Bc4 Qh5 Qxf7#\n',
      '1.e4 2...e5 Nf6 {a comment} 3.Bc4! Qh5?! Qh5xf7+ *',
      '1.e2-e4 2.e7e5 g8f6 3.f1c4 d1h5 h5f7',
    ];
    for (const text of forms) expect(normalise(text), text).toBe(MATE);
    expect(normalise('1.e4 2.e5 Nf6 3.Nf3 Bc4 0-0')).toBe('1.e4 2.e5 Nf6 3.Nf3 Bc4 O-O');
    expect(normalise('1.a8Q+', 'scottish', { fen: '4k3/P6p/8/8/8/8/8/4K3 w - - 0 1', turn: 1 })).toBe('1.a8=Q+');
  });

  it('accepts a short turn where a check ended it (Scottish), and reports it elsewhere', () => {
    const text = '1.e4 2.f5 d5 3.Qh5+ 4.g6 gxh5 dxe4 Nf6';
    expect(normalise(text)).toBe(text);
    expect(normalise('1.e4 2.f5 d5 3.Qh5+ Qxf5 Qxd5', 'escalation')).toBe('1.e4 2.f5 d5 3.Qh5+ Qxf5 Qxd5');
    expect(failure('1.e4 2.f5 d5 3.Qh5+ Qxf5 Qxd5')).toMatchObject({ code: 'turn-mismatch', turn: 3, move: 2, san: 'Qxf5' });
    expect(failure('1.e4 2.e5 3.Nf3')).toMatchObject({ code: 'cannot-pass', turn: 2, move: 2, san: '' });
  });

  it('reads passed cost turns', () => {
    const game = read('1.e4 2.e5 3.Nf3 4.d6 5.Bc4 6.Nc6 7.', 'cost-simple');
    expect(game.record.passes).toEqual([4, 6]);
    expect(game.state.turn).toBe(7);
    expect(game.state.moveIndex).toBe(0);
    expect(makeGame(game.record)).toEqual({ ok: true, value: '1.e4 2.e5 3.Nf3 4.d6 5.Bc4 6.Nc6 7.' });
  });

  it('reports the first bad move by turn and index', () => {
    expect(failure('1.e4 2.e5 Ke5 3.d4')).toMatchObject({ code: 'illegal-move', turn: 2, move: 2, san: 'Ke5' });
    expect(failure('1.e4 2.e5 Xy7')).toMatchObject({ code: 'unreadable', turn: 2, move: 2, san: 'Xy7' });
    expect(failure('1.e4 3.e5')).toMatchObject({ code: 'turn-mismatch', turn: 2, move: 1, san: '3.' });
    expect(failure('1.e4 e5')).toMatchObject({ code: 'turn-mismatch', turn: 1, move: 2, san: 'e5' });
    expect(failure('2.e4')).toMatchObject({ code: 'turn-mismatch', turn: 1, move: 1 });
    expect(failure('1.e4 2.f5 g5 3.Qh5', 'italian')).toMatchObject({
      code: 'check-before-last-move',
      turn: 3,
      move: 1,
      san: 'Qh5',
    });
    expect(failure(`${MATE} 4.e4`)).toMatchObject({ code: 'game-over' });
    expect(failure('1.e4 1-0 2.e5')).toMatchObject({ code: 'unreadable' });
  });

  it('allows en passant on the first move of a turn only', () => {
    const fen = 'rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1';
    expect(normalise('2.d4xe3 a6', 'scottish', { fen, turn: 2 })).toBe('2.dxe3 a6');
    for (const text of ['2.a6 dxe3', '2.a6 d4e3']) {
      const parsed = parseGame(text, 'scottish', { fen, turn: 2 });
      expect(parsed, text).toMatchObject({ ok: false, error: { code: 'en-passant-not-first-move', turn: 2, move: 2 } });
    }
  });

  it('reads and writes English cycles', () => {
    expect(normalise('1.e4 2.e6 f6 3.e5 Nf3 Bc4', 'english')).toBe('1.e4 2.e6 f6 3.e5 Nf3 Bc4');
    expect(failure('1.e4 2.e6 f6 3.e5 Ba6 Bxb7', 'english')).toMatchObject({
      code: 'cycle-piece-already-moved',
      turn: 3,
      move: 3,
      san: 'Bxb7',
    });
    for (const text of ['3.e4 Kd2 // e5', '3.e4 Kd2//e5', '3.e4 Kd2 e5']) {
      expect(normalise(text, 'english', { fen: PAWN_RACE, turn: 3 })).toBe('3.e4 Kd2 // e5');
    }
  });

  it('round-trips games of several variants', () => {
    const games: Array<[VariantId, string]> = [
      ['scottish', MATE],
      ['italian', '1.e4 2.e5 Nf6 3.Nf3 Bc4 Nc3 4.Nc6 Bc5 O-O d6'],
      ['logical', '1.e3 2.e6 d6 3.Nf3 Be2 Nc3'],
      ['take-all', '1.e4 2.d5 dxe4 3.Qh5 Qxh7 Qxg8'],
      ['cost', '1.e4 2.e5 3.d3 c3 4.d6 c6'],
      ['cost-fibonacci', '1.e4 2.e5 3.d4 dxe5 4.Nc6'],
      ['escalation', '1.e4 2.f5 d5 3.Qh5+ Qxf5 Qxd5'],
    ];
    for (const [variant, text] of games) expect(normalise(text, variant), variant).toBe(text);
  });

  it('round-trips pseudo-random games of every variant through makeGame and parseGame', () => {
    for (const variant of VARIANT_IDS) {
      for (const seed of [1, 2, 3]) {
        const { record, state } = playout(variant, seed, 80);
        const text = makeGame(record);
        if (!text.ok) throw new Error(`${variant}/${seed}: ${text.error.message}`);
        const back = read(text.value, variant);
        expect(back.record, `${variant}/${seed}`).toEqual(record);
        expect(encodeState(back.state)).toBe(encodeState(state));
        expect(makeGame(back.record)).toEqual(text);
      }
    }
  }, 30_000);
});
