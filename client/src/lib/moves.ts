import {
  makeSquare,
  positionOf,
  type Color,
  type GameState,
  type Move,
  type Piece,
  type Role,
  type Square,
} from '@progressive-chess/shared';

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

/** The square of the king in check (side to move), if any. */
export function checkSquare(state: GameState, inCheck: boolean): Square | null {
  if (!inCheck) return null;
  return positionOf(state).kingSquare(state.color) ?? null;
}

const LETTER: Record<Role, string> = { pawn: '', knight: 'N', bishop: 'B', rook: 'R', queen: 'Q', king: 'K' };

/** A readable name for a move that SAN cannot describe (it is not legal now): "Qh5-f7". */
export function moveLabel(state: GameState, m: Move): string {
  const piece = positionOf(state).pieceAt(m.from);
  return `${piece ? LETTER[piece.role] : ''}${makeSquare(m.from)}-${makeSquare(m.to)}`;
}

export const colorName = (c: Color): string => (c === 'white' ? 'White' : 'Black');
