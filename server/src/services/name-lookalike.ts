import { createRequire } from 'node:module';
import { impersonatesComputer } from '@progressive-chess/shared';

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

/**
 * A name's confusable skeleton, case-blind: NFKC, lower case, each character's prototype, NFD (twice,
 * as prototypes may be capitals), then `i` read as `l`. Names are compared without regard to case,
 * and a capital `I` looks like a small `l` (UTS #39 maps `I`, `1` and `|` to `l`), so `victimI`,
 * `victiml` and `victim1` share a skeleton; `rn` and `m` share one too (`victirn1`). Accounts store
 * their username's (accounts-repo.ts), so a guest's wanted name is looked up by it.
 */
export function nameSkeleton(name: string): string {
  const once = (s: string): string => confusables.rectifyConfusion(s.normalize('NFD')).normalize('NFD').toLowerCase();
  return once(once(name.normalize('NFKC').toLowerCase())).replaceAll('i', 'l');
}

/**
 * The skeleton read back in the letters of the computer player's name: `rn` as `m` (`Cornputer`),
 * and the digits' skeletons after a level word as digits (`level lo` as `level 10`).
 */
function computerReading(name: string): string {
  return nameSkeleton(name)
    .replaceAll('rn', 'm')
    .replace(/^(.*?(?:level|lvl))([\p{N}\p{P}\s]*[ol][\p{N}\p{P}\sol]*)$/u, (_, word: string, digits: string) => word + digits.replaceAll('o', '0').replaceAll('l', '1'));
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

/**
 * Whether a name would pass for the computer player's (shared `impersonatesComputer`) once its
 * look-alike letters are read as what they look like: other scripts' (`Cоmputer` with a Cyrillic о)
 * and plain ASCII ones (`Cornputer`, `C0mputer`).
 */
export const readsAsComputer = (name: string): boolean =>
  impersonatesComputer(asciiReading(name)) || impersonatesComputer(computerReading(name));
