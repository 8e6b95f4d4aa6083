/** A piece's arrival: from `dx`, `dy` squares away (display grid) to its square; `key` names the move. */
export interface Slide {
  readonly dx: number;
  readonly dy: number;
  readonly key: string;
}

import type { AnimationSpeed } from '@progressive-chess/shared';
import { preferences } from './preferences.svelte.js';

/** How long a slide takes at each animation speed (the player's preference); none: no slide. */
export const SLIDE_MS: Readonly<Record<AnimationSpeed, number>> = { none: 0, fast: 90, normal: 180, slow: 360 };

/**
 * Svelte action: animates the node from the slide's origin to its place (Web Animations API;
 * a no-op where it is missing, e.g. jsdom, when the user prefers reduced motion, or with animation 'none').
 */
export function slide(node: HTMLElement, value: Slide | null): { update(v: Slide | null): void } {
  let last: string | null = null;
  const run = (v: Slide | null): void => {
    if (!v || v.key === last) return;
    last = v.key;
    const duration = SLIDE_MS[preferences.animation];
    if (duration === 0 || typeof node.animate !== 'function' || matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
    node.animate([{ transform: `translate(${v.dx * 100}%, ${v.dy * 100}%)` }, { transform: 'none' }], {
      duration,
      easing: 'ease-out',
    });
  };
  run(value);
  return { update: run };
}
