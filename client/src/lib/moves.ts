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

export const sameMove = (a: Move, b: Move): boolean =>
  a.from === b.from && a.to === b.to && (a.promotion ?? null) === (b.promotion ?? null);

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

/** Promotion roles available for a from/to pair (empty when the move is not a promotion). */
export function promotionRoles(moves: readonly Move[], from: Square, to: Square): Role[] {
  const roles: Role[] = [];
  for (const m of moves) if (m.from === from && m.to === to && m.promotion) roles.push(m.promotion);
  return roles;
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
