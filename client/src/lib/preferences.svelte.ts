/**
 * How the player likes the board and the page: theme (the system's unless chosen), board colours,
 * coordinates, piece set, animation speed, move confirmation for correspondence games, sound
 * volume (the language is i18n.svelte.ts's). Kept in this browser (localStorage) and applied at
 * once on <html> (data-theme, data-board, data-coords, data-pieces: app.css and the pieces read
 * them), without a reload; a member's also go to the account (account-preferences.ts).
 */
import {
  ANIMATION_SPEEDS,
  BOARD_COLOURS,
  DEFAULT_PREFERENCES,
  PIECE_SETS,
  THEMES,
  VOLUME_MAX,
  type AnimationSpeed,
  type BoardColours,
  type PieceSet,
  type Preferences,
  type Theme,
} from '@progressive-chess/shared';

export { ANIMATION_SPEEDS, BOARD_COLOURS, PIECE_SETS, THEMES, type AnimationSpeed, type BoardColours, type PieceSet, type Theme };

const PREFERENCES_KEY = 'pcl.preferences';

/** The preferences this module keeps (all but the language). */
export type Saved = Omit<Preferences, 'language'>;

const oneOf = <T extends string>(list: readonly T[], v: unknown, fallback: T): T =>
  list.includes(v as T) ? (v as T) : fallback;
const flag = (v: unknown, fallback: boolean): boolean => (typeof v === 'boolean' ? v : fallback);
const volumeOf = (v: unknown, fallback: number): number =>
  typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= VOLUME_MAX ? v : fallback;

/** Known values of `v`, the defaults elsewhere (a value from an older or newer version is ignored). */
export function readPreferences(v: Partial<Record<keyof Saved, unknown>>, base: Saved = DEFAULT_PREFERENCES): Saved {
  return {
    theme: oneOf(THEMES, v.theme, base.theme),
    board: oneOf(BOARD_COLOURS, v.board, base.board),
    coordinates: flag(v.coordinates, base.coordinates),
    pieces: oneOf(PIECE_SETS, v.pieces, base.pieces),
    animation: oneOf(ANIMATION_SPEEDS, v.animation, base.animation),
    confirmMoves: flag(v.confirmMoves, base.confirmMoves),
    volume: volumeOf(v.volume, base.volume),
  };
}

function saved(): Saved {
  try {
    return readPreferences(JSON.parse(globalThis.localStorage?.getItem(PREFERENCES_KEY) ?? '{}') as Partial<Record<keyof Saved, unknown>>);
  } catch {
    return DEFAULT_PREFERENCES;
  }
}

class PreferencesState {
  theme = $state<Theme>(DEFAULT_PREFERENCES.theme);
  board = $state<BoardColours>(DEFAULT_PREFERENCES.board);
  coordinates = $state(DEFAULT_PREFERENCES.coordinates);
  pieces = $state<PieceSet>(DEFAULT_PREFERENCES.pieces);
  animation = $state<AnimationSpeed>(DEFAULT_PREFERENCES.animation);
  confirmMoves = $state(DEFAULT_PREFERENCES.confirmMoves);
  volume = $state(DEFAULT_PREFERENCES.volume);
  /** Called after each change the player makes (the account's copy); not for changes from the account. */
  onchange: ((p: Saved) => void) | null = null;

  constructor() {
    this.assign(saved());
  }

  current(): Saved {
    return {
      theme: this.theme,
      board: this.board,
      coordinates: this.coordinates,
      pieces: this.pieces,
      animation: this.animation,
      confirmMoves: this.confirmMoves,
      volume: this.volume,
    };
  }

  private assign(p: Saved): void {
    this.theme = p.theme;
    this.board = p.board;
    this.coordinates = p.coordinates;
    this.pieces = p.pieces;
    this.animation = p.animation;
    this.confirmMoves = p.confirmMoves;
    this.volume = p.volume;
  }

  /** Shows the preferences on the page (html attributes app.css and the pieces read). */
  apply(): void {
    if (typeof document === 'undefined') return;
    const root = document.documentElement;
    if (this.theme === 'system') delete root.dataset.theme;
    else root.dataset.theme = this.theme;
    root.dataset.board = this.board;
    root.dataset.coords = this.coordinates ? 'on' : 'off';
    root.dataset.pieces = this.pieces;
  }

  /** Takes the account's preferences (a login elsewhere): shown now and remembered here, not sent back. */
  adopt(p: Saved): void {
    this.assign(readPreferences(p, this.current()));
    this.store();
  }

  /** Changes some preferences: shown now, remembered in this browser (and on the account, `onchange`). */
  set(change: Partial<Saved>): void {
    this.assign(readPreferences(change, this.current()));
    this.store();
    this.onchange?.(this.current());
  }

  private store(): void {
    this.apply();
    try {
      globalThis.localStorage?.setItem(PREFERENCES_KEY, JSON.stringify(this.current()));
    } catch {
      // Storage disabled: the choice lasts for this page.
    }
  }
}
export const preferences = new PreferencesState();
