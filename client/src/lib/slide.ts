/** A piece's arrival: from `dx`, `dy` squares away (display grid) to its square; `key` names the move. */
export interface Slide {
  readonly dx: number;
  readonly dy: number;
  readonly key: string;
}

const SLIDE_MS = 180;

/**
 * Svelte action: animates the node from the slide's origin to its place (Web Animations API;
 * a no-op where it is missing, e.g. jsdom, or when the user prefers reduced motion).
 */
export function slide(node: HTMLElement, value: Slide | null): { update(v: Slide | null): void } {
  let last: string | null = null;
  const run = (v: Slide | null): void => {
    if (!v || v.key === last) return;
    last = v.key;
    if (typeof node.animate !== 'function' || matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
    node.animate([{ transform: `translate(${v.dx * 100}%, ${v.dy * 100}%)` }, { transform: 'none' }], {
      duration: SLIDE_MS,
      easing: 'ease-out',
    });
  };
  run(value);
  return { update: run };
}
