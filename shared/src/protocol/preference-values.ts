/**
 * A player's preferences for the page and the board (issue 36): kept in the browser for guests and
 * on the account for members (`GET/PUT /api/account/preferences`). The values and defaults live
 * here, once, for the client and the server; preferences.ts has the schema.
 */

/** The client's languages (client/project.inlang/settings.json compiles the same list). */
export const LANGUAGES = ['en', 'it', 'ru'] as const;
export type Language = (typeof LANGUAGES)[number];
/** The language of the project's own texts (docs/rules.md, the messages' base locale), every other one's fallback. */
export const BASE_LANGUAGE: Language = 'en';
export const isLanguage = (value: unknown): value is Language => LANGUAGES.some((l) => l === value);
export const THEMES = ['system', 'light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];
export const BOARD_COLOURS = ['brown', 'blue', 'green', 'grey'] as const;
export type BoardColours = (typeof BOARD_COLOURS)[number];
/** `classic`: the filled pieces; `line`: the project's own outline drawings. */
export const PIECE_SETS = ['classic', 'line'] as const;
export type PieceSet = (typeof PIECE_SETS)[number];
/** How long a moved piece takes to slide to its square. */
export const ANIMATION_SPEEDS = ['none', 'fast', 'normal', 'slow'] as const;
export type AnimationSpeed = (typeof ANIMATION_SPEEDS)[number];
export const VOLUME_MAX = 100;

export interface Preferences {
  readonly language: Language;
  readonly theme: Theme;
  readonly board: BoardColours;
  readonly coordinates: boolean;
  readonly pieces: PieceSet;
  readonly animation: AnimationSpeed;
  /** Correspondence games: a series is sent only after a confirm step. */
  readonly confirmMoves: boolean;
  /** Sound volume, 0 (silent) to VOLUME_MAX. */
  readonly volume: number;
}

/** The preferences of a player who chose nothing (the language: the browser's, decided by the client). */
export const DEFAULT_PREFERENCES: Omit<Preferences, 'language'> = {
  theme: 'system',
  board: 'brown',
  coordinates: true,
  pieces: 'classic',
  animation: 'normal',
  confirmMoves: false,
  volume: 100,
};

/** `GET /api/account/preferences`: null until the account saves some (its first browser's are then kept). */
export interface PreferencesAnswer {
  readonly preferences: Preferences | null;
}
