import type { Seek } from '@progressive-chess/shared';
import { m } from './i18n.svelte.js';
import { colorName } from './moves.js';

/** The colour a player of the seek plays: its creator's, or the opponent's ('random' stays random). */
export function seekColorText(seek: Seek, creator: boolean): string {
  if (seek.color === 'random') return m.random_colour();
  return colorName((seek.color === 'white') === creator ? 'white' : 'black');
}
