import { describe, expect, it } from 'vitest';
import { INITIAL_FEN, Position, STANDARD_RULES, makeSquare, makeUci, parseSquare, parseUci } from '../../src/chess/index.js';
import { fromFen, sq, uci } from './helpers.js';


describe('squares and UCI', () => {
  it('parses and prints squares', () => {
    expect([parseSquare('a1'), parseSquare('h1'), parseSquare('e4'), parseSquare('h8')]).toEqual([0, 7, 28, 63]);
    for (const bad of ['', 'e', 'i1', 'a0', 'a9', 'e44', 'E4']) expect(parseSquare(bad)).toBeUndefined();
    for (let s = 0; s < 64; s++) expect(parseSquare(makeSquare(s))).toBe(s);
  });

  it('parses and prints UCI moves', () => {
    expect(parseUci('e2e4')).toEqual({ from: 12, to: 28 });
    expect(parseUci('e2e4')).not.toHaveProperty('promotion');
    expect(parseUci('e7e8q')).toEqual({ from: 52, to: 60, promotion: 'queen' });
    expect(parseUci('a2a1N')).toEqual({ from: 8, to: 0, promotion: 'knight' });
    expect(parseUci('e7e8k')?.promotion).toBe('king');
    for (const bad of ['', 'e2', 'e2e', 'e2e4x', 'e2e2', 'z2e4', 'e2e4qq']) expect(parseUci(bad)).toBeUndefined();
    for (const s of ['e2e4', 'e7e8q', 'b2a1r', 'g7g8b', 'c2c1n', 'e1g1']) expect(makeUci(uci(s))).toBe(s);
  });
});

describe('FEN', () => {
  it('round-trips', () => {
    for (const fen of [
      INITIAL_FEN,
      'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1',
      'rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3',
      'rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b Kq - 12 40',
      '8/8/8/8/8/8/8/8 w - - 0 1',
    ]) expect(fromFen(fen).toFen()).toBe(fen);
    expect(Position.initial().toFen()).toBe(INITIAL_FEN);
  });

  it('accepts 4-field FEN', () => {
    expect(fromFen('4k3/8/8/8/8/8/8/4K3 b - -').toFen()).toBe('4k3/8/8/8/8/8/8/4K3 b - - 0 1');
  });

  it('accepts a position where the side not to move is in check', () => {
    const pos = fromFen('4k3/8/8/8/8/8/8/4R1K1 w - - 0 1');
    expect(pos.isCheck('black')).toBe(true);
    expect(pos.isCheck()).toBe(false);
    // Royal kings are never captured (Escalation mid-series); Take-All may take the king.
    expect(pos.legalMoves().map(makeUci)).not.toContain('e1e8');
    expect(pos.isLegal(uci('e1e8'))).toBe(false);
    // isLegal is membership in legalMoves: a promotion piece on a non-pawn move is not that move.
    expect(pos.isLegal(uci('g1h1'))).toBe(true);
    expect(pos.isLegal(uci('g1h1q'))).toBe(false);
    expect(pos.hasLegalMove()).toBe(true);
    expect(fromFen('k7/8/1QK5/8/8/8/8/8 b - - 0 1').hasLegalMove()).toBe(false);
    expect(pos.legalMoves({ ...STANDARD_RULES, royalKing: false }).map(makeUci)).toContain('e1e8');
    expect(pos.perft(1)).toBe(pos.legalMoves().length);
    expect(pos.perft(1)).toBe(16);
    const replies = pos.legalMoves().map((m) => {
      const child = pos.clone();
      child.play(m);
      return child.legalMoves().length;
    });
    expect(pos.perft(2)).toBe(replies.reduce((a, b) => a + b, 0));
  });

  it('rejects bad FENs with a Result error', () => {
    for (const bad of [
      '',
      'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1',
      'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1',
      'rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
      'rnbqkbnr/pppppppp/7/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
      'rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
      'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQxq - 0 1',
      'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e4 0 1',
      'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1',
      'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0',
      'rnbqkbnP/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNR w KQkq - 0 1',
    ]) {
      const r = Position.fromFen(bad);
      expect(r.ok, bad).toBe(false);
      if (!r.ok) expect(r.error.code).toBe('invalid-fen');
    }
  });

  it('drops castling rights without king and rook at home, and irrelevant ep squares', () => {
    expect(fromFen('4k3/8/8/8/8/8/8/4K2R w KQkq - 0 1').castlingRights()).toBe('K');
    expect(fromFen('4k3/8/8/3p4/8/8/8/4K3 w - d6 0 1').epSquares).toEqual([]);
    expect(fromFen('4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1').epSquares).toEqual([sq('d6')]);
  });
});

describe('Position basics', () => {
  it('reads pieces and kings', () => {
    const pos = Position.initial();
    expect(pos.pieceAt(sq('e1'))).toEqual({ color: 'white', role: 'king' });
    expect(pos.pieceAt(sq('d8'))).toEqual({ color: 'black', role: 'queen' });
    expect(pos.pieceAt(sq('e4'))).toBeUndefined();
    expect(pos.pieces().length).toBe(32);
    expect(pos.pieces('black').every((p) => p.piece.color === 'black' && p.square >= 48)).toBe(true);
    expect(pos.kingSquare('white')).toBe(sq('e1'));
    expect(pos.kingSquare('black')).toBe(sq('e8'));
    expect(fromFen('8/8/8/8/8/8/8/R7 w - - 0 1').kingSquare('white')).toBeUndefined();
  });

  it('clones independently', () => {
    const a = Position.initial();
    const b = a.clone();
    b.play(uci('e2e4'));
    expect(a.toFen()).toBe(INITIAL_FEN);
    expect(b.toFen()).toBe('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1');
  });

  it('keeps the side to move when the rules layer sets turn back', () => {
    const pos = Position.initial();
    pos.play(uci('e2e4'));
    pos.turn = 'white';
    expect(pos.turn).toBe('white');
    pos.play(uci('d2d4'));
    pos.turn = 'white';
    expect(pos.legalMoves().some((m) => makeUci(m) === 'd1h5')).toBe(true);
    expect(pos.toFen().startsWith('rnbqkbnr/pppppppp/8/8/3PP3/8/PPP2PPP/RNBQKBNR w')).toBe(true);
  });

  it('reports move effects', () => {
    const pos = fromFen('r3k2r/1P6/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1');
    expect(pos.clone().play(uci('e5d6'))).toEqual({ moved: 'pawn', captured: 'pawn', capturedSquare: sq('d5'), enPassant: true, doubleStep: false });
    expect(pos.clone().play(uci('e1g1'))).toEqual({ moved: 'king', enPassant: false, doubleStep: false, castle: { rookFrom: sq('h1'), rookTo: sq('f1') } });
    expect(pos.clone().play(uci('e1c1')).castle).toEqual({ rookFrom: sq('a1'), rookTo: sq('d1') });
    expect(pos.clone().play(uci('b7a8q'))).toEqual({ moved: 'pawn', captured: 'rook', capturedSquare: sq('a8'), enPassant: false, doubleStep: false, promotion: 'queen' });
    const castled = pos.clone();
    castled.play(uci('e1c1'));
    expect(castled.pieceAt(sq('d1'))).toEqual({ color: 'white', role: 'rook' });
    expect(castled.castlingRights()).toBe('kq');
    expect(Position.initial().play(uci('e2e4')).doubleStep).toBe(true);
    const bare = pos.clone();
    expect(bare.isLegal(uci('b7b8'))).toBe(false);
    expect(bare.play(uci('b7b8')).promotion).toBe('queen');
    expect(() => pos.clone().play(uci('c3c4'))).toThrow();
  });

  it('loses castling rights on king and rook moves and on rook captures', () => {
    const fen = 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1';
    const after = (moves: string[]): string => {
      const pos = fromFen(fen);
      for (const m of moves) pos.play(uci(m));
      return pos.castlingRights();
    };
    expect(after(['e1e2'])).toBe('kq');
    expect(after(['h1h2'])).toBe('Qkq');
    expect(after(['a1a8'])).toBe('Kk');
    expect(after(['h1h8'])).toBe('Qq');
    expect(after(['e1f1', 'e8d8'])).toBe('-');
  });

  it('sets the ep square after a double step only when a pawn can take', () => {
    const pos = fromFen('4k3/8/8/8/3p4/8/2P1P3/4K3 w - - 0 1');
    const a = pos.clone();
    a.play(uci('e2e4'));
    expect(a.epSquares).toEqual([sq('e3')]);
    expect(a.toFen().split(' ')[3]).toBe('e3');
    const b = pos.clone();
    b.play(uci('c2c3'));
    expect(b.epSquares).toEqual([]);
  });
});

describe('counting pieces of a kind', () => {
  it('counts each colour and role on the board as pieces() lists them', () => {
    const pos = fromFen('4k3/1n6/8/8/8/8/1N1N4/R3K2R w - - 0 1');
    expect(pos.countOf({ color: 'white', role: 'knight' })).toBe(2);
    expect(pos.countOf({ color: 'white', role: 'rook' })).toBe(2);
    expect(pos.countOf({ color: 'black', role: 'knight' })).toBe(1);
    expect(pos.countOf({ color: 'black', role: 'queen' })).toBe(0);
    for (const { piece } of pos.pieces()) {
      expect(pos.countOf(piece)).toBe(pos.pieces(piece.color).filter((p) => p.piece.role === piece.role).length);
    }
  });
});
