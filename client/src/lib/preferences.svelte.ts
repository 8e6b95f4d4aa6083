/**
 * How the player likes the board and the page: theme (the system's unless chosen), board
 * colours, coordinates. Kept in this browser (localStorage) and applied at once on <html>
 * (data-theme, data-board, data-coords: app.css reads them), without a reload.
 */
export const THEMES = ['system', 'light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];
export const BOARD_COLOURS = ['brown', 'blue', 'green', 'grey'] as const;
export type BoardColours = (typeof BOARD_COLOURS)[number];

const PREFERENCES_KEY = 'pcl.preferences';

interface Saved {
  readonly theme: Theme;
  readonly board: BoardColours;
  readonly coordinates: boolean;
}
const DEFAULTS: Saved = { theme: 'system', board: 'brown', coordinates: true };

const oneOf = <T extends string>(list: readonly T[], v: unknown, fallback: T): T =>
  list.includes(v as T) ? (v as T) : fallback;

function saved(): Saved {
  try {
    const v = JSON.parse(globalThis.localStorage?.getItem(PREFERENCES_KEY) ?? '{}') as Partial<Record<keyof Saved, unknown>>;
    return {
      theme: oneOf(THEMES, v.theme, DEFAULTS.theme),
      board: oneOf(BOARD_COLOURS, v.board, DEFAULTS.board),
      coordinates: typeof v.coordinates === 'boolean' ? v.coordinates : DEFAULTS.coordinates,
    };
  } catch {
    return DEFAULTS;
  }
}

class Preferences {
  theme = $state<Theme>(DEFAULTS.theme);
  board = $state<BoardColours>(DEFAULTS.board);
  coordinates = $state(DEFAULTS.coordinates);

  constructor() {
    const s = saved();
    this.theme = s.theme;
    this.board = s.board;
    this.coordinates = s.coordinates;
  }

  /** Shows the preferences on the page (html attributes app.css reads). */
  apply(): void {
    if (typeof document === 'undefined') return;
    const root = document.documentElement;
    if (this.theme === 'system') delete root.dataset.theme;
    else root.dataset.theme = this.theme;
    root.dataset.board = this.board;
    root.dataset.coords = this.coordinates ? 'on' : 'off';
  }

  /** Changes some preferences: shown now, remembered in this browser. */
  set(change: Partial<Saved>): void {
    if (change.theme !== undefined) this.theme = change.theme;
    if (change.board !== undefined) this.board = change.board;
    if (change.coordinates !== undefined) this.coordinates = change.coordinates;
    this.apply();
    try {
      globalThis.localStorage?.setItem(PREFERENCES_KEY, JSON.stringify({ theme: this.theme, board: this.board, coordinates: this.coordinates }));
    } catch {
      // Storage disabled: the choice lasts for this page.
    }
  }
}
export const preferences = new Preferences();
