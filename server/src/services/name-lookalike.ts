import { createRequire } from 'node:module';

/**
 * The package (CommonJS) ships its typings as `index.ts.d`, a name TypeScript does not look for:
 * its one function used here, typed. `rectifyConfusion` replaces each code point by its prototype
 * in Unicode's confusables table (UTS #39) and drops zero-width characters.
 */
const confusables = createRequire(import.meta.url)('unicode-confusables') as { rectifyConfusion(input: string): string };

/**
 * Names compared by what they look like (Unicode TS #39 confusables, the table of the
 * `unicode-confusables` package): a guest's display name that looks like an account's username
 * or the computer player's name is refused, so that nobody passes for somebody else with a
 * Cyrillic `і` or a full-width `ｍ`.
 */

/** A name's confusable skeleton, case-folded: NFKC, lower case, each character's prototype, NFD (twice, as prototypes may be capitals). */
export function nameSkeleton(name: string): string {
  const once = (s: string): string => confusables.rectifyConfusion(s.normalize('NFD')).normalize('NFD').toLowerCase();
  return once(once(name.normalize('NFKC').toLowerCase()));
}

const PRINTABLE_ASCII = /^[\x20-\x7e]+$/;

/**
 * The name as it reads in plain ASCII, in lower case: each other character whose compatibility
 * form (NFKC) or prototype is printable ASCII is replaced by it (`VІctim1` with a Cyrillic І reads
 * `victim1`; `Cоmputer` with a Cyrillic о reads `computer`); ASCII and characters that look like
 * no ASCII stay. Usernames are ASCII and compared without regard to case, so this is what a display
 * name could pass for. (Lower case first: the prototype of a capital І is `l`, of a small і `i`.)
 */
export function asciiReading(name: string): string {
  return [...name.normalize('NFKC').toLowerCase()]
    .map((c) => {
      if (PRINTABLE_ASCII.test(c)) return c;
      const prototype = confusables.rectifyConfusion(c);
      return PRINTABLE_ASCII.test(prototype) ? prototype : c;
    })
    .join('');
}

/** Whether two names look alike (the same skeleton). */
export const lookAlike = (a: string, b: string): boolean => nameSkeleton(a) === nameSkeleton(b);
