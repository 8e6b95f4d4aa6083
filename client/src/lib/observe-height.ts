import type { Action } from 'svelte/action';

/**
 * Tells an element's laid-out height (its border box, as `offsetHeight`) each time it changes,
 * from a ResizeObserver, which reports after the browser's own layout and before it paints.
 * Unlike `bind:offsetHeight`, it never reads the height while the page is being built: that read
 * forces a layout in the middle of the first page's mount (bench:client).
 */
export const observeHeight: Action<HTMLElement, (height: number) => void> = (node, report) => {
  let tell = report;
  if (typeof ResizeObserver === 'undefined') return;
  const observer = new ResizeObserver((entries) => {
    const box = entries.at(-1)?.borderBoxSize[0];
    if (box) tell(Math.round(box.blockSize));
  });
  observer.observe(node, { box: 'border-box' });
  return {
    update: (next) => {
      tell = next;
    },
    destroy: () => observer.disconnect(),
  };
};
