import { describe, expect, it } from 'vitest';
import { makeSan, parseSan, readSanSyntax } from '../../src/notation/index.js';
import { legalMoves, play } from '../../src/rules/index.js';
import { mv, stateAt } from './helpers.js';

const KNIGHTS = '4k3/pppp4/8/8/8/8/8/1N2KN2 w - - 0 1';
const ROOKS = '4k3/pppp4/8/R7/8/8/8/R3K3 w - - 0 1';
const QUEENS = '4k3/pppp4/8/8/8/Q7/8/Q1Q1K3 w - - 0 1';
const CASTLES = 'r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1';
const PROMO = '4k3/P6p/8/8/8/8/8/4K3 w - - 0 1';

describe('makeSan', () => {
  it('writes pawn pushes, piece moves and captures', () => {
    const s = stateAt('scottish');
    expect(makeSan(s, mv('e2e4'))).toBe('e4');
    expect(makeSan(s, mv('g1f3'))).toBe('Nf3');
    const capture = stateAt('scottish', 'rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1', 3);
    expect(makeSan(capture, mv('e4d5'))).toBe('exd5');
    expect(makeSan(capture, mv('f1b5'))).toBe('Bb5+');
  });

  it('disambiguates by file, by rank, then by square', () => {
    const k = stateAt('scottish', KNIGHTS, 1);
    expect(makeSan(k, mv('b1d2'))).toBe('Nbd2');
    expect(makeSan(k, mv('f1d2'))).toBe('Nfd2');
    expect(makeSan(k, mv('b1c3'))).toBe('Nc3');
    const r = stateAt('scottish', ROOKS, 1);
    expect(makeSan(r, mv('a1a3'))).toBe('R1a3');
    expect(makeSan(r, mv('a5a3'))).toBe('R5a3');
    const q = stateAt('scottish', QUEENS, 1);
    expect(makeSan(q, mv('a1b2'))).toBe('Qa1b2');
    expect(makeSan(q, mv('c1b2'))).toBe('Qcb2');
    // a rival that may not move there (pinned to its king) does not count
    const pinned = stateAt('scottish', '4r2k/8/8/8/8/8/4N3/1N2K3 w - - 0 1', 1);
    expect(makeSan(pinned, mv('b1c3'))).toBe('Nc3');
  });

  it('writes castling and promotion, with check marks', () => {
    const c = stateAt('scottish', CASTLES, 1);
    expect(makeSan(c, mv('e1g1'))).toBe('O-O');
    expect(makeSan(c, mv('e1c1'))).toBe('O-O-O');
    const p = stateAt('scottish', PROMO, 1);
    expect(makeSan(p, mv('a7a8q'))).toBe('a8=Q+');
    expect(makeSan(p, mv('a7a8n'))).toBe('a8=N');
    const t = stateAt('take-all', PROMO, 1);
    expect(makeSan(t, mv('a7a8k'))).toBe('a8=K');
    expect(makeSan(t, mv('a7a8q'))).toBe('a8=Q');
  });

  it('marks mate with # when the game ends by it', () => {
    // 1.e4 2.f5 g5 3.Qh5#
    const s = stateAt('scottish', 'rnbqkbnr/ppppp2p/8/5pp1/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1', 3);
    expect(makeSan(s, mv('d1h5'))).toBe('Qh5#');
    // with the f7 pawn home, the same move is a plain move
    const quiet = stateAt('scottish', 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1', 3);
    expect(makeSan(quiet, mv('d1h5'))).toBe('Qh5');
  });

  it('writes the same with the outcome of play passed in (no second play)', () => {
    const fens = [KNIGHTS, ROOKS, QUEENS, CASTLES, PROMO, 'rnbqkbnr/ppppp2p/8/5pp1/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1'];
    for (const fen of fens) {
      const s = stateAt('scottish', fen, fen === fens[5] ? 3 : 1);
      for (const m of legalMoves(s)) {
        const played = play(s, m);
        if (!played.ok) throw new Error(played.error.message);
        expect(makeSan(s, m, played.value)).toBe(makeSan(s, m));
      }
    }
  });
});

describe('parseSan', () => {
  const parses = (fen: string | undefined, turn: number | undefined, text: string, uci: string): void => {
    const s = stateAt('scottish', fen, turn);
    const got = parseSan(s, text);
    expect(got, text).toEqual({ ok: true, value: mv(uci) });
  };

  it('reads SAN, long algebraic and UCI', () => {
    for (const text of ['e4', 'e2e4', 'e2-e4', 'e4!', 'e4?!']) parses(undefined, undefined, text, 'e2e4');
    for (const text of ['Nf3', 'Ng1f3', 'Ng1-f3', 'g1f3', 'Nf3!?']) parses(undefined, undefined, text, 'g1f3');
  });

  it('reads disambiguated moves and refuses ambiguous ones', () => {
    parses(KNIGHTS, 1, 'Nbd2', 'b1d2');
    parses(KNIGHTS, 1, 'Nfd2', 'f1d2');
    parses(ROOKS, 1, 'R5a3', 'a5a3');
    parses(QUEENS, 1, 'Qa1b2', 'a1b2');
    const s = stateAt('scottish', KNIGHTS, 1);
    const ambiguous = parseSan(s, 'Nd2');
    expect(ambiguous.ok).toBe(false);
    if (!ambiguous.ok) expect(ambiguous.error.code).toBe('unreadable');
  });

  it('reads castling in every spelling', () => {
    for (const text of ['O-O', '0-0', 'O-O+', 'e1g1']) parses(CASTLES, 1, text, 'e1g1');
    for (const text of ['O-O-O', '0-0-0', 'e1c1']) parses(CASTLES, 1, text, 'e1c1');
  });

  it('reads promotions with or without =, defaulting to a queen', () => {
    for (const text of ['a8=Q', 'a8Q', 'a8=Q+', 'a7a8q', 'a8']) parses(PROMO, 1, text, 'a7a8q');
    parses(PROMO, 1, 'a8=N', 'a7a8n');
    const t = stateAt('take-all', PROMO, 1);
    expect(parseSan(t, 'a8=K')).toEqual({ ok: true, value: mv('a7a8k') });
    const s = stateAt('scottish', PROMO, 1);
    expect(parseSan(s, 'a8=K').ok).toBe(false);
  });

  it('reports unreadable text and illegal moves with the rules code', () => {
    const s = stateAt('scottish');
    expect(parseSan(s, 'Zz9')).toMatchObject({ ok: false, error: { code: 'unreadable' } });
    expect(parseSan(s, 'e5')).toMatchObject({ ok: false, error: { code: 'illegal-move' } });
    expect(parseSan(s, 'Ke2')).toMatchObject({ ok: false, error: { code: 'illegal-move' } });
    // Italian: a check before the last move of the series is refused by the rules
    const it3 = stateAt('italian', 'rnbqkbnr/ppppp2p/8/5pp1/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1', 3);
    expect(parseSan(it3, 'Qh5')).toMatchObject({ ok: false, error: { code: 'check-before-last-move' } });
  });

  it('round-trips every legal move of a few positions', () => {
    const states = [stateAt('scottish'), stateAt('scottish', CASTLES, 1), stateAt('take-all', PROMO, 1)];
    const after = play(stateAt('scottish'), mv('e2e4'));
    if (after.ok) states.push(after.value.state);
    for (const s of states) {
      for (const m of legalMoves(s)) expect(parseSan(s, makeSan(s, m))).toEqual({ ok: true, value: m });
    }
  });
});

describe('readSanSyntax', () => {
  it('tells castling, pieces, pawns and squares apart', () => {
    expect(readSanSyntax('0-0-0')).toEqual({ kind: 'castle', side: 'queen' });
    expect(readSanSyntax('Bb5')).toMatchObject({ role: 'bishop', to: 33 });
    expect(readSanSyntax('bxc3')).toMatchObject({ role: 'pawn', fromFile: 1, to: 18 });
    expect(readSanSyntax('b8=B')).toMatchObject({ role: 'pawn', to: 57, promotion: 'bishop' });
    expect(readSanSyntax('e2')).toMatchObject({ role: 'pawn', to: 12 });
    expect(readSanSyntax('hello')).toBeUndefined();
    expect(readSanSyntax('e9')).toBeUndefined();
  });
});

