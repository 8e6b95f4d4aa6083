/**
 * Keeps keyboard focus inside a group of controls whose buttons come and go (Resign turns into
 * "Yes, resign" / "No", an answered offer goes): when the focused control was removed and focus
 * fell to the page's body, `restore` puts it on the group's `[data-autofocus]` control, else its
 * first button. Focus the player moved elsewhere (another control, a click on the page) stays.
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

  /** Call after the group's content changed (from an effect: the DOM is up to date). */
  restore(group: HTMLElement | undefined): void {
    const active = document.activeElement;
    if (!group || !this.last || this.last.isConnected || (active !== null && active !== document.body)) return;
    this.last = null;
    (group.querySelector<HTMLElement>('[data-autofocus]') ?? group.querySelector<HTMLElement>('button'))?.focus();
  }
}
