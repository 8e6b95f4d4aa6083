// The rules of display names, without zod: the web client checks a name with them and keeps zod
// out of its first bundle. The schema that applies them at the edge is display-name.ts. The
// characters refused in names and in chat lines are defined once, in text-rules.ts.
import { forbiddenCharacter, forbiddenMessage, graphemeClusters } from './text-rules.js';

/** At most this many visible characters (grapheme clusters) in a name. */
export const DISPLAY_NAME_MAX = 24;
/** A bound on the stored text itself (combining marks and emoji sequences are long). */
const MAX_CODE_UNITS = 256;

/** Line and paragraph separators and other non-Cc whitespace: collapsed to one space. */
const SPACES = /[\p{White_Space}\p{Zs}]+/gu;
/** A code point that shows nothing by itself. */
const INVISIBLE = /^[\p{White_Space}\p{Default_Ignorable_Code_Point}\p{M}\p{Cf}]+$/u;

const COMPUTER_NAME = /^\s*computer\s*(\(.*\))?\s*$/iu;
/** "Computer level 3", "Computer-Level-3", "computer_lvl3": its letters and digits alone ("Computer_1" is not). */
const COMPUTER_LEVEL = /^computer(level|lvl)\d*$/u;

/**
 * Names that would pass for the computer player's (`botName`: "Computer (level 3)"): "Computer"
 * alone or followed by anything in parentheses, or by a level without them ("Computer level 3"),
 * in any case, spacing and punctuation. Refused as display names and usernames, so that opponents
 * and spectators can tell a person from the bot. (The server also reads look-alike letters of other
 * scripts as these before it asks.)
 */
export function impersonatesComputer(name: string): boolean {
  const text = name.normalize('NFKC');
  return COMPUTER_NAME.test(text) || COMPUTER_LEVEL.test(text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, ''));
}

/** The normalised name, or why it is refused (a message for people). */
export function normalizeDisplayName(raw: string): { ok: true; name: string } | { ok: false; message: string } {
  const text = raw.normalize('NFC');
  const forbidden = forbiddenCharacter(text);
  if (forbidden) return { ok: false, message: forbiddenMessage('name', forbidden) };
  const name = text.replace(SPACES, ' ').trim();
  const visible = graphemeClusters(name).filter((g) => !INVISIBLE.test(g)).length;
  if (visible === 0) return { ok: false, message: 'the name needs at least one visible character' };
  if (visible > DISPLAY_NAME_MAX) return { ok: false, message: `the name is too long (at most ${DISPLAY_NAME_MAX} characters)` };
  if (name.length > MAX_CODE_UNITS) return { ok: false, message: 'the name is too long (too many combining marks)' };
  if (impersonatesComputer(name)) return { ok: false, message: 'that name is the computer player\'s' };
  return { ok: true, name };
}
