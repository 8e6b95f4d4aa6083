/**
 * Runs `fn` once the browser has painted what the current task changed: the next frame first,
 * then `fn` (a sound of a move played one frame after its board, not before it). In a hidden tab,
 * or without frames (tests), at once: a hidden tab's frames wait until it is shown.
 */
export function afterPaint(fn: () => void): void {
  if (typeof requestAnimationFrame !== 'function' || typeof document === 'undefined' || document.visibilityState !== 'visible') {
    fn();
    return;
  }
  requestAnimationFrame(() => setTimeout(fn, 0));
}
