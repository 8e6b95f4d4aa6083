import type { Role } from '@progressive-chess/shared';

/**
 * Our own simple piece drawings (45x45 view box), part of this project and under its licence.
 * `body` is filled with the piece colour, `detail` is drawn in the contrasting colour.
 */
export interface PieceDrawing {
  readonly body: readonly string[];
  readonly detail: readonly string[];
}

const BASE = 'M11 39.5 C11 37 13 35.5 15 35.5 H30 C32 35.5 34 37 34 39.5 Z';

export const PIECE_PATHS: Record<Role, PieceDrawing> = {
  pawn: {
    body: [
      'M22.5 8 a5 5 0 1 1 0 10 a5 5 0 1 1 0 -10 Z',
      'M18 20 H27 C27.5 21 27.5 22 26.5 22.5 C27 27 30 30.5 31 35.5 H14 C15 30.5 18 27 18.5 22.5 C17.5 22 17.5 21 18 20 Z',
      BASE,
    ],
    detail: [],
  },
  rook: {
    body: [
      'M12.5 9 H17 V12 H20.5 V9 H24.5 V12 H28 V9 H32.5 V16 L29.5 18.5 H15.5 L12.5 16 Z',
      'M15.5 18.5 H29.5 L29 31 L31.5 35.5 H13.5 L16 31 Z',
      BASE,
    ],
    detail: ['M15.5 18.5 H29.5', 'M16 31 H29'],
  },
  knight: {
    body: [
      'M14 35.5 C14 29 17 25.5 20.5 22.5 C18 23 15.5 24.5 13.5 25.5 C11 26.5 9.5 24 10.5 22 C12 19 14.5 16 16.5 13 C17.5 11.5 18 10 18 8.5 L20 6.5 L21.5 9.5 L23.5 7 L24.5 10 C30.5 11.5 34 17 34 24 C34 29 32 32 32 35.5 Z',
      BASE,
    ],
    detail: ['M17.5 14.2 a1.3 1.3 0 1 1 0.01 0 Z', 'M24.5 12 C28.5 14 31 19 30.5 27'],
  },
  bishop: {
    body: [
      'M22.5 4.5 a2.5 2.5 0 1 1 0 5 a2.5 2.5 0 1 1 0 -5 Z',
      'M22.5 9.5 C17 14 15 19 16 23.5 C16.7 26 18.5 27.5 18.5 27.5 H26.5 C26.5 27.5 28.3 26 29 23.5 C30 19 28 14 22.5 9.5 Z',
      'M17.5 27.5 H27.5 V30.5 H17.5 Z',
      'M18.5 30.5 H26.5 L29.5 35.5 H15.5 Z',
      BASE,
    ],
    detail: ['M25 14.5 L20.5 20.5', 'M17.5 30.5 H27.5'],
  },
  queen: {
    body: [
      'M9.5 14.5 a2.2 2.2 0 1 1 0.01 0 Z M16.5 10.5 a2.2 2.2 0 1 1 0.01 0 Z M22.5 8.5 a2.2 2.2 0 1 1 0.01 0 Z M28.5 10.5 a2.2 2.2 0 1 1 0.01 0 Z M35.5 14.5 a2.2 2.2 0 1 1 0.01 0 Z',
      'M10 16.5 L15 30 H30 L35 16.5 L29 24.5 L28.5 12.5 L24.5 23 L22.5 10.5 L20.5 23 L16.5 12.5 L16 24.5 Z',
      'M15 30 H30 L30.5 35.5 H14.5 Z',
      BASE,
    ],
    detail: ['M15 30 H30', 'M15 33 H30'],
  },
  king: {
    body: [
      'M21 3.5 H24 V6.5 H27 V9.5 H24 V13.5 H21 V9.5 H18 V6.5 H21 Z',
      'M22.5 14.5 C20 14.5 19.5 17 22.5 21.5 C25.5 17 25 14.5 22.5 14.5 Z',
      'M12.5 22 C12.5 16 19.5 15.5 22.5 21.5 C25.5 15.5 32.5 16 32.5 22 C32.5 26 29.5 28.5 29 30.5 H16 C15.5 28.5 12.5 26 12.5 22 Z',
      'M16 30.5 H29 L30.5 35.5 H14.5 Z',
      BASE,
    ],
    detail: ['M16 30.5 H29', 'M22.5 21.5 V30'],
  },
};
