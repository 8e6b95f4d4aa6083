import {
  VARIANTS,
  makeSquare,
  opposite,
  positionOf,
  type Color,
  type GameState,
  type Move,
  type Piece,
  type Role,
  type Square,
} from '@progressive-chess/shared';
import { m } from './i18n.svelte.js';

/** Destinations per origin square, for the board's dots. */
export function destsOf(moves: readonly Move[]): Map<Square, Square[]> {
  const dests = new Map<Square, Square[]>();
  for (const m of moves) {
    const list = dests.get(m.from);
    if (!list) dests.set(m.from, [m.to]);
    else if (!list.includes(m.to)) list.push(m.to);
  }
  return dests;
}

/** The 64 squares' contents (index = square). */
export function boardPieces(state: GameState): Array<Piece | undefined> {
  const board: Array<Piece | undefined> = new Array<Piece | undefined>(64).fill(undefined);
  for (const { square, piece } of positionOf(state).pieces()) board[square] = piece;
  return board;
}

/**
 * The square of the king in check, if any: the side to move's, or the opponent's in the middle of
 * an Escalation series (a check there does not end the series, so the checked king is not the
 * side to move's). Take-All has no check.
 */
export function checkSquare(state: GameState): Square | null {
  if (!VARIANTS[state.variant].moveRules.royalKing) return null;
  const pos = positionOf(state);
  const checked = [state.color, opposite(state.color)].find((c) => pos.isCheck(c));
  return checked ? (pos.kingSquare(checked) ?? null) : null;
}

const LETTER: Record<Role, string> = { pawn: '', knight: 'N', bishop: 'B', rook: 'R', queen: 'Q', king: 'K' };

/** A readable name for a move that SAN cannot describe (it is not legal now): "Qh5-f7". */
export function moveLabel(state: GameState, m: Move): string {
  const piece = positionOf(state).pieceAt(m.from);
  return `${piece ? LETTER[piece.role] : ''}${makeSquare(m.from)}-${makeSquare(m.to)}`;
}

/** "White" / "Black" in the current language. */
export const colorName = (c: Color): string => m.color_name({ side: c });
