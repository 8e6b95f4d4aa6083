import type { Seek } from '@progressive-chess/shared';

/** The colour a player of the seek plays: its creator's, or the opponent's ('random' stays random). */
export function seekColorText(seek: Seek, creator: boolean): string {
  if (seek.color === 'random') return 'a random colour';
  return (seek.color === 'white') === creator ? 'White' : 'Black';
}
