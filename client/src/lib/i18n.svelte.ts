/**
 * The client's one entry to its languages: `m` (the compiled messages, one typed function each,
 * messages/{locale}.json), the current language (reactive: a template that calls a message
 * re-renders when it changes), the switch, and Intl formatting that follows the language.
 */
import { baseLocale, isLocale, locales, overwriteGetLocale, type Locale } from '../paraglide/runtime.js';

export { m } from '../paraglide/messages.js';
export { locales, type Locale };

const LANGUAGE_KEY = 'pcl.language';

/** Each language named in itself (the switcher shows these whatever the current language). */
export const LANGUAGE_NAMES: Readonly<Record<Locale, string>> = { en: 'English', it: 'Italiano', ru: 'Русский' };

function remembered(): Locale | null {
  try {
    const v = globalThis.localStorage?.getItem(LANGUAGE_KEY) ?? null;
    return v !== null && isLocale(v) ? v : null;
  } catch {
    return null;
  }
}

/** The first of the browser's languages we have (by primary subtag: `it-CH` is `it`). */
export function browserLanguage(preferred: readonly string[]): Locale {
  for (const tag of preferred) {
    const primary = tag.toLowerCase().split('-')[0] ?? '';
    if (isLocale(primary)) return primary;
  }
  return baseLocale;
}

class Language {
  current = $state<Locale>(remembered() ?? browserLanguage(globalThis.navigator?.languages ?? []));
}
export const language = new Language();
// Every message reads the language through this: reading the state makes the caller reactive.
overwriteGetLocale(() => language.current);

/** The document's `lang` follows the language (screen readers pronounce with it). */
export function applyDocumentLanguage(): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language.current;
}

let chosen: ((locale: Locale) => void) | null = null;
/** Called when the player picks a language (account-preferences.ts sends it to the account). */
export function onLanguageChosen(listener: ((locale: Locale) => void) | null): void {
  chosen = listener;
}

/** The player picks a language: switched now (no reload), remembered here, and told to `onLanguageChosen`. */
export function setLanguage(locale: Locale): void {
  useLanguage(locale);
  chosen?.(locale);
}

/** Switches the language now (no reload) and remembers it in this browser (the account's, at login). */
export function useLanguage(locale: Locale): void {
  language.current = locale;
  applyDocumentLanguage();
  try {
    globalThis.localStorage?.setItem(LANGUAGE_KEY, locale);
  } catch {
    // Storage disabled: the choice lasts for this page.
  }
}

/** A number as the language writes it (1,234.5 / 1.234,5 / 1 234,5). */
export const formatNumber = (n: number, options?: Intl.NumberFormatOptions): string =>
  new Intl.NumberFormat(language.current, options).format(n);

/** A date (and time, if asked) as the language writes it. */
export const formatDate = (d: Date | number, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }): string =>
  new Intl.DateTimeFormat(language.current, options).format(d);

/**
 * A message whose value goes into its own element (a <code>, a silent <strong>): pass `SLOT` as
 * the value, then put the element between the two parts `aroundSlot` returns.
 */
export const SLOT = '\u0000';
export function aroundSlot(text: string): [string, string] {
  const [before = '', after = ''] = text.split(SLOT);
  return [before, after];
}
