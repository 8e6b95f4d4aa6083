// Cross-checks legal moves, check detection and givesCheck against chessops on seeded random games.
import { Chess } from 'chessops/chess';
import { makeFen as opsMakeFen, parseFen as opsParseFen } from 'chessops/fen';
import { describe, expect, it } from 'vitest';
import { type Move, Position, makeUci } from '../../src/chess/index.js';
import { perftData } from './helpers.js';

const data = { positions: perftData() };

/** Deterministic PRNG (64-bit LCG, Knuth's MMIX constants, on BigInt; plenty fast for a few thousand draws). */
function rng(seed: number): () => number {
  let state = BigInt(seed);
  return () => {
    state = (state * 6364136223846793005n + 1442695040888963407n) & 0xffffffffffffffffn;
    return Number(state >> 11n) / 2 ** 53;
  };
}

function opsMoves(ops: Chess): string[] {
  const out = new Set<string>();
  for (const [from, dests] of ops.allDests()) {
    const piece = ops.board.get(from)!;
    for (const to of dests) {
      let target = to;
      const own = ops.board.get(to);
      if (piece.role === 'king' && own?.color === piece.color) target = to > from ? from + 2 : from - 2;
      const promo = piece.role === 'pawn' && (to >> 3 === 0 || to >> 3 === 7);
      for (const p of promo ? (['queen', 'rook', 'bishop', 'knight'] as const) : [undefined]) {
        out.add(makeUci(p ? { from, to: target, promotion: p } : { from, to: target }));
      }
    }
  }
  return [...out].sort();
}

function opsGivesCheck(ops: Chess, move: Move): boolean {
  const child = ops.clone();
  child.play(move.promotion ? { from: move.from, to: move.to, promotion: move.promotion } : { from: move.from, to: move.to });
  return child.isCheck();
}

describe('cross-check with chessops on random games', { timeout: 60_000 }, () => {
  for (const [index, entry] of data.positions.entries()) {
    it(entry.name, () => {
      const random = rng(1000 + index);
      for (let game = 0; game < 4; game++) {
        const pos = Position.fromFen(entry.fen);
        if (!pos.ok) throw new Error(pos.error.message);
        const ours = pos.value;
        const ops = Chess.fromSetup(opsParseFen(entry.fen).unwrap()).unwrap();
        for (let ply = 0; ply < 80; ply++) {
          const moves = ours.legalMoves();
          expect(moves.map(makeUci).sort()).toEqual(opsMoves(ops));
          expect(ours.isCheck()).toBe(ops.isCheck());
          expect(ours.toFen().split(' ').slice(0, 3)).toEqual(opsMakeFen(ops.toSetup()).split(' ').slice(0, 3));
          for (const m of moves) expect([makeUci(m), ours.givesCheck(m)]).toEqual([makeUci(m), opsGivesCheck(ops, m)]);
          if (moves.length === 0) break;
          const move = moves[Math.floor(random() * moves.length)]!;
          ours.play(move);
          ops.play(move);
        }
      }
    });
  }
});
