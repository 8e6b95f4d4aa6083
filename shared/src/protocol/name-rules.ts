// The rules of display names, without zod: the web client checks a name with them and keeps zod
// out of its first bundle. The schema that applies them at the edge is display-name.ts.

/** At most this many visible characters (grapheme clusters) in a name. */
export const DISPLAY_NAME_MAX = 24;
/** A bound on the stored text itself (combining marks and emoji sequences are long). */
const MAX_CODE_UNITS = 256;

/** C0/C1 controls and DEL (tabs and line breaks included). */
const CONTROL = /\p{Cc}/u;
/** Bidirectional formatting: ALM, LRM, RLM, the embeddings/overrides and the isolates. */
const BIDI = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;
/** A UTF-16 surrogate that is not half of a pair (the `u` flag sees it as a lone code point). */
const LONE_SURROGATE = /\p{Cs}/u;
/** Invisible format characters: refused, except the ones below. */
const FORMAT = /\p{Cf}/gu;
/** Joiners (ZWNJ, ZWJ: emoji sequences, several scripts) and emoji tag characters are kept. */
const keptFormat = (ch: string): boolean => {
  const cp = ch.codePointAt(0) ?? 0;
  return cp === 0x200c || cp === 0x200d || (cp >= 0xe0020 && cp <= 0xe007f);
};
/** Line and paragraph separators and other non-Cc whitespace: collapsed to one space. */
const SPACES = /[\p{White_Space}\p{Zs}]+/gu;
/** A code point that shows nothing by itself. */
const INVISIBLE = /^[\p{White_Space}\p{Default_Ignorable_Code_Point}\p{M}\p{Cf}]+$/u;

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

const COMPUTER_NAME = /^\s*computer\s*(\(.*\))?\s*$/iu;

/**
 * Names that would pass for the computer player's (`botName`: "Computer (level 3)"): "Computer"
 * alone or followed by anything in parentheses, in any case and spacing. Refused as display names
 * and usernames, so that opponents and spectators can tell a person from the bot.
 */
export function impersonatesComputer(name: string): boolean {
  return COMPUTER_NAME.test(name.normalize('NFKC'));
}

/** The normalised name, or why it is refused (a message for people). */
export function normalizeDisplayName(raw: string): { ok: true; name: string } | { ok: false; message: string } {
  if (LONE_SURROGATE.test(raw)) return { ok: false, message: 'the name holds a broken character (lone surrogate)' };
  const text = raw.normalize('NFC');
  if (CONTROL.test(text)) return { ok: false, message: 'the name holds a control character (line break, tab, escape...)' };
  if (BIDI.test(text)) return { ok: false, message: 'the name holds a bidirectional control character' };
  if ([...text.matchAll(FORMAT)].some((m) => !keptFormat(m[0]))) return { ok: false, message: 'the name holds an invisible formatting character' };
  const name = text.replace(SPACES, ' ').trim();
  const visible = [...graphemes.segment(name)].filter((g) => !INVISIBLE.test(g.segment)).length;
  if (visible === 0) return { ok: false, message: 'the name needs at least one visible character' };
  if (visible > DISPLAY_NAME_MAX) return { ok: false, message: `the name is too long (at most ${DISPLAY_NAME_MAX} characters)` };
  if (name.length > MAX_CODE_UNITS) return { ok: false, message: 'the name is too long (too many combining marks)' };
  if (impersonatesComputer(name)) return { ok: false, message: 'that name is the computer player\'s' };
  return { ok: true, name };
}
