// seriesCount: how many move sequences (and resulting positions) the rest of the current turn has.
import type { Move } from '../chess/index.js';
import { applyStep, boardMoves, cloneNode, seriesMoves, type SeriesNode } from './series.js';
import type { GameState } from './state.js';
import { nodeOf } from './turn.js';
import { VARIANTS, type Variant } from './variants.js';

export interface SeriesCount {
  /** Distinct legal move sequences that end the turn (full, check-ended, game-ended, exhausted; cost: passes too). */
  readonly sequences: number;
  /** Distinct positions those sequences leave: a position is the placement plus the castling rights. */
  readonly positions: number;
}

/**
 * Counts the sequences of the rest of the current turn depth-first (one board clone per move).
 * A finished game counts nothing. Cost variants also count passing after at least one move:
 * there every non-empty prefix of a turn is a complete turn. Positions are told apart by
 * placement and castling rights only (the side to move is the next player's in all of them;
 * en-passant rights are not part of it).
 */
export function seriesCount(state: GameState): SeriesCount {
  if (state.outcome) return { sequences: 0, positions: 0 };
  const v: Variant = VARIANTS[state.variant];
  const { color, budget } = state;
  const keys = new Set<string>();
  let sequences = 0;
  const end = (node: SeriesNode): void => {
    sequences += 1;
    keys.add(`${node.pos.placement()} ${node.pos.castlingRights()}`);
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
