import { INITIAL_FEN, parseUci, type Move } from '@progressive-chess/shared';
import { describe, expect, it } from 'vitest';
import { decodeShare, encodeShare } from './share-url.js';

const m = (uci: string): Move => parseUci(uci) as Move;

describe('analysis links', () => {
  it('round-trips the variant, the position, the turn and the moves (a pass included)', () => {
    const shared = { variant: 'cost' as const, fen: '4k3/8/8/8/8/8/8/R3K3 w - - 0 1', turn: 5, moves: [m('a1a8'), 'pass' as const, m('e7e8q')] };
    const q = encodeShare(shared);
    expect(q.get('moves')).toBe('a1a8,pass,e7e8q');
    expect(decodeShare(new URLSearchParams(q.toString()))).toEqual({ ok: true, value: shared });
  });

  it('leaves out what is the default (initial position, turn 1, no moves)', () => {
    const q = encodeShare({ variant: 'italian', fen: INITIAL_FEN, turn: 1, moves: [] });
    expect(q.toString()).toBe('variant=italian');
    expect(decodeShare(q)).toEqual({ ok: true, value: { variant: 'italian', moves: [] } });
  });

  it('names no analysis without its parameters (e.g. ?game=...)', () => {
    expect(decodeShare(new URLSearchParams('game=abc'))).toEqual({ ok: true, value: null });
  });

  it('says what does not read', () => {
    expect(decodeShare(new URLSearchParams('variant=chess960'))).toEqual({ ok: false, error: 'Unknown variant “chess960”.' });
    expect(decodeShare(new URLSearchParams('variant=scottish&turn=0'))).toMatchObject({ ok: false });
    expect(decodeShare(new URLSearchParams('moves=e2e4,zz'))).toEqual({ ok: false, error: '“zz” is not a move.' });
  });
});
