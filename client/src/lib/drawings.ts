import type { Square } from '@progressive-chess/shared';

/**
 * The arrows and circles a player draws on a board with the right button (as on lichess): a
 * right-drag from one square to another draws an arrow, a right-click a circle, the same again
 * removes it; a left click clears them all. A modifier key picks the colour.
 */
export type DrawColor = 'green' | 'red' | 'blue' | 'yellow';

export interface Drawing {
  readonly from: Square;
  /** Equal to `from`: a circle. */
  readonly to: Square;
  readonly color: DrawColor;
}

/** Plain: green; Shift: red; Alt: blue; Ctrl or Meta: yellow (lichess's choice of keys). */
export function drawColor(keys: { shiftKey: boolean; altKey: boolean; ctrlKey: boolean; metaKey: boolean }): DrawColor {
  if (keys.shiftKey && !keys.altKey && !keys.ctrlKey) return 'red';
  if (keys.altKey) return 'blue';
  if (keys.ctrlKey || keys.metaKey || (keys.shiftKey && keys.altKey)) return 'yellow';
  return 'green';
}

/**
 * `shapes` with `d` drawn: the same shape of the same colour again removes it; of another colour
 * replaces it (one shape per pair of squares).
 */
export function toggleDrawing(shapes: readonly Drawing[], d: Drawing): Drawing[] {
  const same = shapes.find((s) => s.from === d.from && s.to === d.to);
  const rest = shapes.filter((s) => s !== same);
  return same && same.color === d.color ? rest : [...rest, d];
}

export const DRAW_COLORS: Readonly<Record<DrawColor, string>> = {
  green: '#15781b',
  red: '#882020',
  blue: '#003088',
  yellow: '#e68f00',
};
