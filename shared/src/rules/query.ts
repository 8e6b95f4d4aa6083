// Read-only views of a GameState.
import type { Move, Position, Square } from '../chess/index.js';
import { boardMoves, seriesMoves } from './series.js';
import type { GameState } from './state.js';
import { nodeOf } from './turn.js';
import { VARIANTS } from './variants.js';

/** Standard FEN of the current position: side to move = state.color, ep square only at move 0, fullmove = turn. */
export function fen(state: GameState): string {
  const fields = state.board.toFen().split(' ');
  return [...fields.slice(0, 4), '0', String(state.turn)].join(' ');
}

/** A clone of the current position, safe to mutate. */
export const positionOf = (state: GameState): Position => state.board.clone();

/** Every move `play` accepts right now (empty when the game is over). */
export function legalMoves(state: GameState): Move[] {
  if (state.outcome) return [];
  const v = VARIANTS[state.variant];
  const node = nodeOf(state);
  return seriesMoves(v, node, state.budget, boardMoves(v, node.pos));
}

/** Is the side to move in check (always false in Take-All). */
export function inCheck(state: GameState): boolean {
  return VARIANTS[state.variant].moveRules.royalKing && state.board.isCheck(state.color);
}

/** English: squares of the pieces that must still move in the current cycle (empty elsewhere). */
export function cyclePending(state: GameState): Square[] {
  const v = VARIANTS[state.variant];
  if (!v.cycles || state.outcome) return [];
  const squares = boardMoves(v, state.board)
    .map((m) => m.from)
    .filter((sq) => !state.cycleMoved.includes(sq));
  return [...new Set(squares)].sort((a, b) => a - b);
}
