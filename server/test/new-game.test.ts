import { decodeState, fen, newGame } from '@progressive-chess/shared';
import { describe, expect, it } from 'vitest';
import { newGameDoc, type CreateGameOptions } from '../src/services/new-game.js';

const opts = (over: Partial<CreateGameOptions> = {}): CreateGameOptions => ({
  variant: 'scottish',
  timeControl: { kind: 'fischer', initial: 180_000, increment: 2_000 },
  white: { id: 'w', name: 'W' },
  black: { id: 'b', name: 'B' },
  ...over,
});

describe('newGameDoc', () => {
  it("starts every game of a variant from the variant's start, worked out once; a custom start is its own and never the variant's", () => {
    const standard = newGame('scottish');
    if (!standard.ok) throw new Error('no start');
    const first = newGameDoc('g1', opts(), 0, 1_000);
    expect(first.doc.initialFen).toBe(fen(standard.value));
    expect(first.doc.custom).toBeNull();
    // a custom start (a position after 1. e4) in between
    const customFen = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1';
    const custom = newGameDoc('g2', opts({ fen: customFen, turn: 2 }), 0, 1_000);
    expect(custom.doc.initialFen).not.toBe(first.doc.initialFen);
    expect(custom.doc.initialTurn).toBe(2);
    const second = newGameDoc('g3', opts({ white: { id: 'x', name: 'X' } }), 5, 1_000);
    expect(second.doc.initialFen).toBe(first.doc.initialFen);
    expect(second.doc.state).toBe(first.doc.state);
    expect(second.doc.players.white.id).toBe('x');
    expect(second.doc.createdAt).toBe(5);
    // the stored state decodes to the variant's start
    const decoded = decodeState(second.doc.state);
    expect(decoded.ok && fen(decoded.value)).toBe(fen(standard.value));
    // another variant has its own start
    expect(newGameDoc('g4', opts({ variant: 'italian' }), 0, 1_000).doc.variant).toBe('italian');
  });
});
