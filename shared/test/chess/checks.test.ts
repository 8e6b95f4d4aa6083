import { describe, expect, it } from 'vitest';
import { Position } from '../../src/chess/index.js';
import { fromFen, sq, uci } from './helpers.js';

const gives = (fen: string, move: string): boolean => {
  const pos = fromFen(fen);
  const result = pos.givesCheck(uci(move));
  expect(pos.toFen()).toBe(fromFen(fen).toFen());
  return result;
};

describe('givesCheck', () => {
  it('detects direct checks', () => {
    expect(gives('4k3/8/8/8/8/8/8/R3K3 w Q - 0 1', 'a1a8')).toBe(true);
    expect(gives('4k3/8/8/8/8/8/8/R3K3 w Q - 0 1', 'a1a7')).toBe(false);
    expect(gives('rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2', 'f1b5')).toBe(false);
    expect(gives('rnbqkbnr/ppp2ppp/3p4/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3', 'f1b5')).toBe(true);
  });

  it('detects discovered checks', () => {
    const fen = '4k3/8/8/8/8/8/4N3/4R1K1 w - - 0 1';
    expect(gives(fen, 'e2c3')).toBe(true);
    expect(gives(fen, 'e2g3')).toBe(true);
    expect(gives(fen, 'g1h1')).toBe(false);
  });

  it('detects checks given by castling', () => {
    expect(gives('5k2/8/8/8/8/8/8/4K2R w K - 0 1', 'e1g1')).toBe(true);
    expect(gives('3k4/8/8/8/8/8/8/R3K3 w Q - 0 1', 'e1c1')).toBe(true);
    expect(gives('4k3/8/8/8/8/8/8/R3K3 w Q - 0 1', 'e1c1')).toBe(false);
  });

  it('detects an en-passant discovered check', () => {
    const fen = '8/8/8/k2pP2R/8/8/8/4K3 w - d6 0 1';
    expect(gives(fen, 'e5d6')).toBe(true);
    expect(gives(fen, 'e5e6')).toBe(false);
  });

  it('detects promotion checks', () => {
    expect(gives('3k4/4P3/8/8/8/8/8/4K3 w - - 0 1', 'e7e8q')).toBe(true);
    expect(gives('3k4/4P3/8/8/8/8/8/4K3 w - - 0 1', 'e7e8n')).toBe(false);
    expect(gives('8/4P3/8/3k4/8/8/8/4K3 w - - 0 1', 'e7e8n')).toBe(false);
    expect(gives('8/4P3/3k4/8/8/8/8/4K3 w - - 0 1', 'e7e8n')).toBe(true);
  });

  it('is false against a side without a king', () => {
    expect(gives('8/8/8/8/8/8/8/R3K3 w Q - 0 1', 'a1a8')).toBe(false);
  });
});

describe('isCheck and isAttacked', () => {
  it('reports attacks', () => {
    const pos = Position.initial();
    expect(pos.isAttacked(sq('e3'), 'white')).toBe(true);
    expect(pos.isAttacked(sq('f3'), 'white')).toBe(true);
    expect(pos.isAttacked(sq('e5'), 'white')).toBe(false);
    expect(pos.isAttacked(sq('f6'), 'black')).toBe(true);
    expect(pos.isCheck()).toBe(false);
    const check = fromFen('rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3');
    expect(check.isCheck()).toBe(true);
    expect(check.isCheck('white')).toBe(true);
    expect(check.isCheck('black')).toBe(false);
    expect(check.legalMoves()).toEqual([]);
  });
});

describe('insufficientMaterial', () => {
  it.each([
    ['4k3/8/8/8/8/8/8/4K3 w - - 0 1', true],
    ['4k3/8/8/8/8/8/8/2B1K3 w - - 0 1', true],
    ['4k3/8/8/8/8/8/8/1N2K3 b - - 0 1', true],
    ['4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1', true],
    ['2b1k3/8/8/8/8/8/8/2B1K3 w - - 0 1', false],
    ['4kn2/8/8/8/8/8/8/1N2K3 w - - 0 1', false],
    ['4k3/8/8/8/8/8/8/1NN1K3 w - - 0 1', false],
    ['4kn2/8/8/8/8/8/8/2B1K3 w - - 0 1', false],
    ['4k3/8/8/8/8/8/4P3/4K3 w - - 0 1', false],
    ['4k3/8/8/8/8/8/8/R3K3 w - - 0 1', false],
    ['4k3/8/8/8/8/8/8/3QK3 w - - 0 1', false],
    ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', false],
  ])('%s -> %s', (fen, expected) => {
    expect(fromFen(fen).insufficientMaterial()).toBe(expected);
  });
});

describe('key', () => {
  it('holds placement, side, castling and sorted ep squares, not the clocks', () => {
    const a = fromFen('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
    const b = fromFen('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 7 30');
    expect(a.key()).toBe('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -');
    expect(b.key()).toBe(a.key());
    b.turn = 'black';
    expect(b.key()).not.toBe(a.key());
    expect(fromFen('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kkq - 0 1').key()).not.toBe(a.key());
  });
});
