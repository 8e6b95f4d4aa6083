// The positions `seriesCount` (and `pchess series`) tells apart: placement plus castling rights.
import { describe, expect, it } from 'vitest';
import { fen, legalMoves, play, seriesCount, type GameState } from '../../src/rules/index.js';
import { game } from './helpers.js';

/** Every position the rest of the turn can leave, keyed by the FEN fields named (0 placement, 2 castling, 3 ep). */
function positions(state: GameState, fields: readonly number[]): Set<string> {
  const keys = new Set<string>();
  const walk = (s: GameState): void => {
    for (const move of legalMoves(s)) {
      const r = play(s, move);
      if (!r.ok) throw new Error(r.error.message);
      if (!r.value.turnEnded) walk(r.value.state);
      else {
        const parts = fen(r.value.state).split(' ');
        keys.add(fields.map((i) => parts[i]).join(' '));
      }
    }
  };
  walk(state);
  return keys;
}

describe('seriesCount positions', () => {
  it('are placement plus castling rights: en-passant rights do not make a position new', () => {
    // e2-e4 in one step or two reaches the same placement; only the double step lets d4xe3 e.p.
    const s = game('scottish', '4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1', 3);
    const byPlacement = positions(s, [0, 2]);
    const withEp = positions(s, [0, 2, 3]);
    expect(withEp.size).toBeGreaterThan(byPlacement.size);
    expect(seriesCount(s).positions).toBe(byPlacement.size);
  });

  it('castling rights do make a position new', () => {
    // Ke1-f1-e1 a3 and Nb1-c3-b1 a3 leave one placement; only the knight's way keeps O-O.
    const s = game('scottish', '4k3/8/8/8/8/8/P7/1N2K2R w K - 0 1', 3);
    const byPlacement = positions(s, [0]);
    const withCastling = positions(s, [0, 2]);
    expect(withCastling.size).toBeGreaterThan(byPlacement.size);
    expect(seriesCount(s).positions).toBe(withCastling.size);
  });
});
