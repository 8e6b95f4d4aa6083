/**
 * Keeps keyboard focus when the focused control goes away (Resign turns into "Yes, resign" /
 * "No", an answered offer goes, "Back to live" is no longer needed): listen to focusin/focusout
 * on the part of the page that holds such controls; once the focused control was removed and
 * focus fell to the page's body, `restore` gives it to the control `pick` names. Focus the player
 * moved elsewhere (another control, a click on the page) stays.
 */
export class FocusKeeper {
  private last: HTMLElement | null = null;

  readonly focusin = (e: FocusEvent): void => {
    this.last = e.target instanceof HTMLElement ? e.target : null;
  };

  readonly focusout = (e: FocusEvent): void => {
    const to = e.relatedTarget;
    // relatedTarget null: the control went away, or the window lost focus; restore() tells them apart
    if (to instanceof Node && !(e.currentTarget as HTMLElement).contains(to)) this.last = null;
  };

  /** Call after the content changed (from an effect: the DOM is up to date). */
  restore(pick: () => HTMLElement | null | undefined): void {
    const active = document.activeElement;
    if (!this.last || this.last.isConnected || (active !== null && active !== document.body)) return;
    this.last = null;
    pick()?.focus();
  }
}
