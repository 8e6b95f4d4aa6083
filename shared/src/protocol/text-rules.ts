// The characters that people's text may not hold, shared by display names (name-rules.ts) and
// chat lines (chat.ts). Without zod: the web client checks text with them and keeps zod out of
// its first bundle.

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

/**
 * At most this many combining marks in a row (after NFC; joiners between them do not break the
 * run). Enough for Vietnamese, Hebrew pointing or an emoji keycap; 'a' with 30 accents stacked
 * (a tall smear over the lines around it) is refused.
 */
export const MAX_COMBINING_RUN = 3;
const COMBINING_RUN = new RegExp(`(?:\\p{M}[\\u200C\\u200D]*){${MAX_COMBINING_RUN + 1}}`, 'u');

/** The kinds of forbidden character (`forbiddenMessage` words each for people). */
export type ForbiddenKind = 'lone-surrogate' | 'control' | 'bidi' | 'format' | 'combining';

/**
 * The first kind of forbidden character in `text` (NFC-normalise it first: the combining-mark
 * runs are counted on composed text), or null when the text is clean: control characters, bidi controls, invisible format characters other than joiners and emoji tags,
 * lone surrogates, more than MAX_COMBINING_RUN combining marks in a row.
 */
export function forbiddenCharacter(text: string): ForbiddenKind | null {
  if (LONE_SURROGATE.test(text)) return 'lone-surrogate';
  if (CONTROL.test(text)) return 'control';
  if (BIDI.test(text)) return 'bidi';
  if ([...text.matchAll(FORMAT)].some((m) => !keptFormat(m[0]))) return 'format';
  if (COMBINING_RUN.test(text)) return 'combining';
  return null;
}

/** Why text with a forbidden character is refused: "the <what> holds ..." (a message for people). */
export function forbiddenMessage(what: string, kind: ForbiddenKind): string {
  switch (kind) {
    case 'lone-surrogate':
      return `the ${what} holds a broken character (lone surrogate)`;
    case 'control':
      return `the ${what} holds a control character (line break, tab, escape...)`;
    case 'bidi':
      return `the ${what} holds a bidirectional control character (it would reverse or reorder the text)`;
    case 'format':
      return `the ${what} holds an invisible formatting character`;
    case 'combining':
      return `the ${what} stacks too many accents on one character (at most ${MAX_COMBINING_RUN} in a row)`;
  }
}

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** The user-perceived characters (grapheme clusters) of `text`. */
export function graphemeClusters(text: string): string[] {
  return Array.from(graphemes.segment(text), (g) => g.segment);
}
