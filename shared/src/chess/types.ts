export type Color = 'white' | 'black';
export type Role = 'pawn' | 'knight' | 'bishop' | 'rook' | 'queen' | 'king';

export interface Piece {
  readonly color: Color;
  readonly role: Role;
}

/** 0..63 with a1 = 0, b1 = 1, ..., h1 = 7, a2 = 8, ..., h8 = 63. */
export type Square = number;

/** One ordinary chess move. Castling is the king's move (e1g1, e1c1). */
export interface Move {
  readonly from: Square;
  readonly to: Square;
  readonly promotion?: Role;
}

export const COLORS: readonly Color[] = ['white', 'black'];
export const ROLES: readonly Role[] = ['pawn', 'knight', 'bishop', 'rook', 'queen', 'king'];

export const opposite = (c: Color): Color => (c === 'white' ? 'black' : 'white');

/** Board-level switches a variant sets; the progressive layer adds series logic on top. */
export interface MoveRules {
  /** true: a move may not leave the own king attacked, castling follows FIDE. false (Take-All): no check at all, kings are ordinary pieces. */
  readonly royalKing: boolean;
  readonly castling: boolean;
  readonly doubleStep: boolean;
  /** Take-All: pawns may also promote to a king. */
  readonly kingPromotion: boolean;
}

export const STANDARD_RULES: MoveRules = { royalKing: true, castling: true, doubleStep: true, kingPromotion: false };
