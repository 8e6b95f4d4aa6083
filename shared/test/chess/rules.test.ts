// Progressive-chess needs: several ep squares, Take-All (no royal king), Logical switches.
import { describe, expect, it } from 'vitest';
import { type MoveRules, Position, STANDARD_RULES, makeUci } from '../../src/chess/index.js';
import { fromFen, sq, uci } from './helpers.js';

const TAKE_ALL: MoveRules = { royalKing: false, castling: true, doubleStep: true, kingPromotion: true };
const LOGICAL: MoveRules = { royalKing: true, castling: false, doubleStep: false, kingPromotion: false };

const moves = (pos: Position, rules?: MoveRules): string[] => pos.legalMoves(rules).map(makeUci).sort();

/** Reference perft through the public API (clone + play), to check the fast path. */
function slowPerft(pos: Position, depth: number, rules: MoveRules): number {
  if (depth === 0) return 1;
  let n = 0;
  for (const m of pos.legalMoves(rules)) {
    const child = pos.clone();
    child.play(m);
    n += slowPerft(child, depth - 1, rules);
  }
  return n;
}

describe('several en-passant squares', () => {
  const fen = '4k3/8/8/2pPpP2/8/8/8/4K3 w - - 0 1';

  it('offers every open ep capture and keys them sorted', () => {
    const pos = fromFen(fen);
    pos.setEpSquares([sq('e6'), sq('c6')]);
    expect(pos.epSquares).toEqual([sq('e6'), sq('c6')]);
    const ms = moves(pos);
    for (const m of ['d5c6', 'd5e6', 'f5e6']) expect(ms).toContain(m);
    expect(pos.key()).toBe('4k3/8/8/2pPpP2/8/8/8/4K3 w - c6,e6');
    expect(pos.isLegal(uci('d5c6'))).toBe(true);
  });

  it('ignores squares without a pawn beyond them', () => {
    const pos = fromFen(fen);
    pos.setEpSquares([sq('d6'), sq('e4'), sq('e6')]);
    expect(pos.epSquares).toEqual([sq('e6')]);
    expect(moves(pos)).not.toContain('d5c6');
  });

  it('captures en passant and closes the other targets, like standard chess', () => {
    const pos = fromFen(fen);
    pos.setEpSquares([sq('c6'), sq('e6')]);
    const effect = pos.play(uci('f5e6'));
    expect(effect).toMatchObject({ enPassant: true, captured: 'pawn', capturedSquare: sq('e5') });
    expect(pos.pieceAt(sq('e5'))).toBeUndefined();
    expect(pos.epSquares).toEqual([]);
  });

  it('refuses an ep capture that exposes the king', () => {
    const pos = fromFen('8/8/8/K2pP2r/8/8/8/7k w - - 0 1');
    pos.setEpSquares([sq('d6')]);
    expect(moves(pos)).not.toContain('e5d6');
  });
});

describe('Take-All (royalKing false)', () => {
  it('lets a king be captured and walk into attack', () => {
    const pos = fromFen('4k3/8/8/8/8/8/r7/4K2R w - - 0 1');
    expect(moves(pos, STANDARD_RULES).filter((m) => m.startsWith('e1'))).toEqual(['e1d1', 'e1f1']);
    const takeAll = moves(pos, TAKE_ALL);
    for (const m of ['e1d2', 'e1e2', 'e1f2']) expect(takeAll).toContain(m);
    const capture = fromFen('4k3/8/8/8/8/8/8/4R2K w - - 0 1');
    expect(capture.isCheck('black')).toBe(true);
    expect(capture.play(uci('e1e8')).captured).toBe('king');
    expect(capture.kingSquare('black')).toBeUndefined();
    expect(capture.isCheck('black')).toBe(false);
    expect(capture.legalMoves(TAKE_ALL)).toEqual([]);
  });

  it('lets pinned pieces move and ignores check', () => {
    const pos = fromFen('4k3/8/8/8/8/8/4B3/r3K3 b - - 0 1');
    pos.turn = 'white';
    expect(moves(pos, STANDARD_RULES).filter((m) => m.startsWith('e2'))).toEqual(['e2d1']);
    expect(moves(pos, TAKE_ALL)).toContain('e2b5');
  });

  it('castles through and out of attacked squares', () => {
    const pos = fromFen('4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1');
    expect(moves(pos, STANDARD_RULES)).not.toContain('e1g1');
    expect(moves(pos, STANDARD_RULES)).toContain('e1c1');
    expect(moves(pos, TAKE_ALL)).toContain('e1g1');
    const inCheck = fromFen('4r1k1/8/8/8/8/8/8/R3K2R w KQ - 0 1');
    expect(moves(inCheck, STANDARD_RULES)).not.toContain('e1c1');
    expect(moves(inCheck, TAKE_ALL)).toEqual(expect.arrayContaining(['e1c1', 'e1g1']));
  });

  it('promotes to a king only with kingPromotion', () => {
    const pos = fromFen('8/4P3/8/8/8/8/8/k6K w - - 0 1');
    expect(moves(pos, STANDARD_RULES).filter((m) => m.startsWith('e7'))).toEqual(['e7e8b', 'e7e8n', 'e7e8q', 'e7e8r']);
    expect(moves(pos, TAKE_ALL).filter((m) => m.startsWith('e7'))).toEqual(['e7e8b', 'e7e8k', 'e7e8n', 'e7e8q', 'e7e8r']);
    pos.play(uci('e7e8k'));
    expect(pos.pieces('white').filter((p) => p.piece.role === 'king').map((p) => p.square)).toEqual([sq('h1'), sq('e8')]);
    expect(pos.kingSquare('white')).toBe(sq('h1'));
    pos.turn = 'white';
    expect(moves(pos, TAKE_ALL).filter((m) => m.startsWith('e8')).length).toBe(5);
  });

  it('handles positions without kings and with several kings', () => {
    const noKings = fromFen('8/3p4/8/8/8/8/4P3/8 w - - 0 1');
    expect(noKings.isCheck()).toBe(false);
    expect(noKings.perft(4, TAKE_ALL)).toBe(slowPerft(noKings, 4, TAKE_ALL));
    expect(noKings.perft(2)).toBe(4);
    expect(noKings.insufficientMaterial()).toBe(false);
    // Two royal white kings: neither may be left attacked (a1 is in check; the rook, pinned to e1, may block on e5 only).
    const twoKings = fromFen('k3r2b/8/8/8/8/8/4R3/K3K3 w - - 0 1');
    expect(moves(twoKings)).toEqual(['a1a2', 'a1b1', 'e2e5']);
    expect(twoKings.isCheck()).toBe(true);
    expect(moves(twoKings, TAKE_ALL)).toContain('e2a2');
    // Adjacent kings (an odd set-up): the side to move must step away and may not take the king.
    const adjacent = fromFen('7R/8/8/8/8/8/3k4/4K3 w - - 0 1');
    expect(adjacent.isCheck()).toBe(true);
    expect(moves(adjacent)).toEqual(['e1f1', 'e1f2']);
  });

  it('fast perft equals perft through the public API', () => {
    const pos = Position.initial();
    expect(pos.perft(3, TAKE_ALL)).toBe(8902);
    expect(pos.perft(4, TAKE_ALL)).toBe(slowPerft(pos, 4, TAKE_ALL));
    expect(pos.perft(4, TAKE_ALL)).toBeGreaterThan(197281);
    const kiwi = fromFen('r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1');
    expect(kiwi.perft(2, TAKE_ALL)).toBe(slowPerft(kiwi, 2, TAKE_ALL));
  });
});

describe('Logical switches', () => {
  it('removes castling and the pawn two-step', () => {
    const initial = Position.initial();
    expect(initial.legalMoves(LOGICAL).length).toBe(12);
    expect(moves(initial, LOGICAL)).not.toContain('e2e4');
    const castle = fromFen('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1');
    expect(moves(castle)).toEqual(expect.arrayContaining(['e1g1', 'e1c1']));
    expect(moves(castle, LOGICAL).filter((m) => m === 'e1g1' || m === 'e1c1')).toEqual([]);
    expect(castle.isLegal(uci('e1g1'), LOGICAL)).toBe(false);
    expect(castle.isLegal(uci('e1g1'))).toBe(true);
    expect(initial.perft(3, LOGICAL)).toBe(slowPerft(initial, 3, LOGICAL));
  });
});
