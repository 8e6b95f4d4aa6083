import type { Color, Piece, Square } from '@progressive-chess/shared';
import { m } from './i18n.svelte.js';

const FILES = 'abcdefgh';

export const squareName = (sq: Square): string => `${FILES[sq % 8] ?? '?'}${Math.floor(sq / 8) + 1}`;

/** Grid position (0..7 from the top-left corner as displayed) of a square. */
export function squareXY(sq: Square, orientation: Color): { x: number; y: number } {
  const file = sq % 8;
  const rank = Math.floor(sq / 8);
  return orientation === 'white' ? { x: file, y: 7 - rank } : { x: 7 - file, y: rank };
}

/** The square under a display grid position. */
export function squareAt(x: number, y: number, orientation: Color): Square | null {
  if (x < 0 || x > 7 || y < 0 || y > 7) return null;
  return orientation === 'white' ? (7 - y) * 8 + x : y * 8 + (7 - x);
}

/** Squares in display order, top-left to bottom-right. */
export function displayOrder(orientation: Color): Square[] {
  const order: Square[] = [];
  for (let y = 0; y < 8; y++) for (let x = 0; x < 8; x++) order.push(squareAt(x, y, orientation) ?? 0);
  return order;
}

export const isLightSquare = (sq: Square): boolean => (sq % 8) % 2 !== Math.floor(sq / 8) % 2;

export const pieceName = (p: Piece): string => m.piece_name({ piece: `${p.color}-${p.role}` });

/** "e4, white knight" / "e4, empty", plus state hints for screen readers. */
export function squareLabel(sq: Square, piece: Piece | undefined, hints: readonly string[]): string {
  return [squareName(sq), piece ? pieceName(piece) : m.square_empty(), ...hints].join(', ');
}
