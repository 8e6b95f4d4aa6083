/** The accessible name of a board square (its aria-label), by square name ('e4'); null when there is no such square. */
export const squareLabel = (name: string): string | null => document.querySelector(`[data-square="${name}"]`)?.getAttribute('aria-label') ?? null;
