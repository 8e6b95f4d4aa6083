// seriesCount: how many move sequences (and resulting positions) the rest of the current turn has.
import { type Color, type Move, type Position, type Square } from '../chess/index.js';
import { applyStep, boardMoves, cloneNode, seriesMoves, type SeriesNode } from './series.js';
import { pawnBehind, type GameState } from './state.js';
import { nodeOf } from './turn.js';
import { VARIANTS, type Variant } from './variants.js';

export interface SeriesCount {
  /** Distinct legal move sequences that end the turn (full, check-ended, game-ended, exhausted; cost: passes too). */
  readonly sequences: number;
  /** Distinct positions those sequences leave (placement, castling rights, open en-passant targets). */
  readonly positions: number;
}

/** Double-step targets an enemy pawn stands next to (pins ignored): the ep part of a resulting position's key. */
function openTargets(pos: Position, mover: Color, targets: readonly Square[]): Square[] {
  return targets.filter((t) => {
    const sq = pawnBehind(t, mover);
    return [sq - 1, sq + 1].some((n) => {
      if (n >> 3 !== sq >> 3) return false;
      const p = pos.pieceAt(n);
      return p?.role === 'pawn' && p.color !== mover;
    });
  });
}

/**
 * Counts the sequences of the rest of the current turn depth-first (one board clone per move).
 * A finished game counts nothing. Cost variants also count passing after at least one move.
 */
export function seriesCount(state: GameState): SeriesCount {
  if (state.outcome) return { sequences: 0, positions: 0 };
  const v: Variant = VARIANTS[state.variant];
  const { color, budget } = state;
  const keys = new Set<string>();
  let sequences = 0;
  const end = (node: SeriesNode): void => {
    sequences += 1;
    // pos.key() has the mover to move and no ep squares here; the open targets complete it.
    const ep = v.enPassant ? openTargets(node.pos, color, node.epNext) : [];
    keys.add(ep.length > 0 ? `${node.pos.key()} ${ep.sort((a, b) => a - b).join(',')}` : node.pos.key());
  };
  const passable = v.costs !== null;
  const walk = (node: SeriesNode, moves: readonly Move[]): void => {
    for (const move of moves) {
      const child = cloneNode(node);
      const step = applyStep(v, color, budget, child, move, false, true);
      if (step.kind !== 'continue') end(child);
      else {
        if (passable) end(child);
        walk(child, step.next ?? []);
      }
    }
  };
  const root = nodeOf(state);
  if (passable && root.moveIndex > 0) end(root);
  walk(root, seriesMoves(v, root, budget, boardMoves(v, root.pos)));
  return { sequences, positions: keys.size };
}
