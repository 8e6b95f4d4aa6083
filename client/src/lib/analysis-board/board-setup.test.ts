import { INITIAL_FEN, newGame, type Piece } from '@progressive-chess/shared';
import { describe, expect, it } from 'vitest';
import { checkSetup, setupFen, setupOf, type BoardSetup } from './board-setup.js';

const sq = (name: string): number => name.charCodeAt(0) - 97 + 8 * (Number(name[1]) - 1);
function board(entries: Record<string, Piece>): Array<Piece | undefined> {
  const b = new Array<Piece | undefined>(64).fill(undefined);
  for (const [name, p] of Object.entries(entries)) b[sq(name)] = p;
  return b;
}
const K = { color: 'white', role: 'king' } as const;
const k = { color: 'black', role: 'king' } as const;
const R = { color: 'white', role: 'rook' } as const;

describe('board editor', () => {
  it('writes the FEN of the initial position from its state', () => {
    const s = newGame('scottish');
    if (!s.ok) throw new Error();
    expect(setupFen(setupOf(s.value))).toBe(INITIAL_FEN);
  });

  it('accepts a legal setup and starts a game of the variant at the turn given', () => {
    const setup: BoardSetup = { pieces: board({ e1: K, a1: R, e8: k }), color: 'black', turn: 4, castling: 'Q' };
    const r = checkSetup('scottish', setup);
    expect(r).toMatchObject({ ok: true, fen: '4k3/8/8/8/8/8/8/R3K3 b Q - 0 1' });
    if (r.ok) expect([r.state.turn, r.state.color, r.state.budget]).toEqual([4, 'black', 4]);
  });

  it('refuses what the rules refuse: a missing king, the side not to move in check, a turn of the other colour', () => {
    expect(checkSetup('scottish', { pieces: board({ e1: K }), color: 'white', turn: 1, castling: '' })).toEqual({
      ok: false,
      error: 'black must have exactly one king',
    });
    expect(checkSetup('scottish', { pieces: board({ e1: K, e2: R, e8: k }), color: 'white', turn: 1, castling: '' })).toEqual({
      ok: false,
      error: 'the side not to move is in check',
    });
    expect(checkSetup('scottish', { pieces: board({ e1: K, e8: k }), color: 'white', turn: 2, castling: '' })).toMatchObject({ ok: false });
    // Take-All has no royal king: a lone king each is no requirement there.
    expect(checkSetup('take-all', { pieces: board({ a1: R, e8: k }), color: 'white', turn: 1, castling: '' })).toMatchObject({ ok: true });
  });
});
