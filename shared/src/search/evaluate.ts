/**
 * A fast static evaluation for choosing a series, from one side's point of view: material,
 * pieces left hanging to the opponent's coming series, the safety of both kings, and mobility.
 * Centipawn-like units; higher is better for `side`.
 */
import { opposite, type Color, type Position, type Role, type Square } from '../chess/index.js';

const VALUE: Readonly<Record<Role, number>> = { pawn: 100, knight: 300, bishop: 320, rook: 500, queen: 900, king: 0 };
/** Take-All: the king is an ordinary piece. */
const TAKE_ALL_KING = 250;

export interface EvalWeights {
  /** Fraction of a hanging piece's value counted as lost (the opponent's series is long). */
  readonly hanging: number;
  /** Per attacked square next to a king. */
  readonly kingZone: number;
  /** Per legal move of each side (difference). */
  readonly mobility: number;
}

export const DEFAULT_WEIGHTS: EvalWeights = { hanging: 0.8, kingZone: 25, mobility: 2 };

function neighbours(sq: Square): Square[] {
  const out: Square[] = [];
  const f = sq & 7;
  const r = sq >> 3;
  for (let df = -1; df <= 1; df++) {
    for (let dr = -1; dr <= 1; dr++) {
      if ((df || dr) && f + df >= 0 && f + df < 8 && r + dr >= 0 && r + dr < 8) out.push((r + dr) * 8 + f + df);
    }
  }
  return out;
}

/** Squares next to `color`'s king attacked by the other side (0 without a king). */
function kingPressure(pos: Position, color: Color): number {
  const k = pos.kingSquare(color);
  if (k === undefined) return 0;
  const enemy = opposite(color);
  return neighbours(k).filter((sq) => pos.isAttacked(sq, enemy)).length + (pos.isAttacked(k, enemy) ? 2 : 0);
}

export function evaluate(pos: Position, side: Color, royal: boolean, w: EvalWeights = DEFAULT_WEIGHTS): number {
  const enemy = opposite(side);
  let score = 0;
  for (const { square, piece } of pos.pieces()) {
    const value = piece.role === 'king' ? (royal ? 0 : TAKE_ALL_KING) : VALUE[piece.role];
    const mine = piece.color === side;
    score += mine ? value : -value;
    // Our pieces the opponent attacks are likely lost in its coming series; theirs we attack are its worry now.
    if (mine && value > 0 && pos.isAttacked(square, enemy)) {
      const defended = pos.isAttacked(square, side);
      score -= value * w.hanging * (defended ? 0.4 : 1);
    }
  }
  if (royal) score += w.kingZone * (kingPressure(pos, enemy) - kingPressure(pos, side));
  if (w.mobility > 0) {
    const probe = pos.clone();
    probe.turn = side;
    const ours = probe.legalMoves().length;
    probe.turn = enemy;
    const theirs = probe.legalMoves().length;
    score += w.mobility * (ours - theirs);
  }
  return score;
}
