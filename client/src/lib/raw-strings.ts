/**
 * Finds text a person would read that is written into a Svelte component instead of coming from
 * a message (src/lib/i18n.svelte.ts): text between tags and the readable attributes. Used by
 * i18n.test.ts; expressions (`{...}`), scripts, styles and comments are not looked at.
 */
const READABLE_ATTRIBUTES = /\s(?:aria-label|aria-description|title|placeholder|alt|label)="([^"{}]*)"/g;
const WORD = /\p{L}{2,}/u;

/** The source without `{...}` expressions (nested braces counted, strings and templates skipped). */
function withoutExpressions(source: string): string {
  let out = '';
  let depth = 0;
  let quote: string | null = null;
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (depth === 0) {
      if (c === '{') depth = 1;
      else out += c;
      continue;
    }
    if (quote !== null) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'" || c === '`') quote = c;
    else if (c === '{') depth++;
    else if (c === '}') depth--;
  }
  return out;
}

/** The readable literals of a component's markup (empty when every string is a message). */
export function rawStrings(component: string): string[] {
  const markup = withoutExpressions(
    component
      .replace(/<script[\s\S]*?<\/script>/g, '')
      .replace(/<style[\s\S]*?<\/style>/g, '')
      .replace(/<!--[\s\S]*?-->/g, ''),
  );
  const found: string[] = [];
  for (const a of markup.matchAll(READABLE_ATTRIBUTES)) if (WORD.test(a[1] ?? '')) found.push(a[1]!.trim());
  const text = markup.replace(/<[^>]*>/g, '\n').replace(/&[a-z]+;|&#\d+;/g, ' ');
  for (const line of text.split('\n')) if (WORD.test(line)) found.push(line.trim());
  return found;
}

/** Strings of code, not text: key names compared in handlers. */
const KEY_NAMES = new Set(['Escape', 'Enter', 'Tab', 'Space', 'Home', 'End']);
const LITERAL = /'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\]|\\.)*)`/g;
/** A capitalised word standing alone ("Resign", "Copied!") or starting a phrase ("Sound: off", "Play the computer"). */
const PHRASE = /^[A-Z][a-z]{2,}(?:[,:.!?…]|$)|^[A-Z][a-z]+[,:]?(?: [A-Za-z’]+)+/;

/**
 * Readable phrases written as string literals in a component's script or expressions
 * (`{busy ? 'Searching…' : 'Hint'}`, `error = 'The server could not be reached.'`): they belong
 * in messages too. Comments and styles are not looked at; `${...}` parts count as a lower-case word.
 */
export function rawLiterals(component: string): string[] {
  const code = component
    .replace(/<style[\s\S]*?<\/style>/g, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
  const found: string[] = [];
  for (const l of code.matchAll(LITERAL)) {
    const text = (l[1] ?? l[2] ?? l[3] ?? '').replace(/\$\{[^}]*\}/g, 'x');
    if (PHRASE.test(text) && !KEY_NAMES.has(text)) found.push(text);
  }
  return found;
}
