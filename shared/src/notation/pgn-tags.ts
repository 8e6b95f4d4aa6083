/** PGN tag pairs. Known tags are typed; any other tag is kept as is. */
export interface PgnTags {
  Event?: string;
  Site?: string;
  Date?: string;
  White?: string;
  Black?: string;
  Result?: string;
  /** The variant's name (docs/rules.md section 6); import also accepts its id. */
  Variant?: string;
  TimeControl?: string;
  Termination?: string;
  SetUp?: string;
  FEN?: string;
  /** Progressive turn number at which FEN applies. */
  Turn?: string;
  [tag: string]: string | undefined;
}

/** Export order: the seven-tag roster, then ours; other tags follow in insertion order. */
const TAG_ORDER = [
  'Event',
  'Site',
  'Date',
  'White',
  'Black',
  'Result',
  'Variant',
  'TimeControl',
  'Termination',
  'SetUp',
  'FEN',
  'Turn',
] as const;

/**
 * A tag value as PGN requires it: on one line (line breaks and other control characters become
 * spaces, so no value can end its tag early) with `\` and `"` escaped.
 */
const escape = (value: string): string =>
  value.replace(/[\p{Cc}\u2028\u2029]+/gu, ' ').replace(/\\/g, '\\\\').replace(/"/g, '\\"');
const unescape = (value: string): string => value.replace(/\\(.)/g, '$1');

/** `[Name "value"]` lines, known tags first. Undefined values are left out. */
export function writeTags(tags: PgnTags): string {
  const names = [...TAG_ORDER, ...Object.keys(tags).filter((k) => !(TAG_ORDER as readonly string[]).includes(k))];
  return names
    .filter((name) => tags[name] !== undefined)
    .map((name) => `[${name} "${escape(tags[name] ?? '')}"]`)
    .join('\n');
}

const TAG_LINE = /^\s*\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]\s*$/;

/** Splits a PGN text into its tag pairs and its movetext (everything after the tags). */
export function readTags(text: string): { tags: PgnTags; movetext: string } {
  const tags: PgnTags = {};
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  let i = 0;
  for (; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (line.trim() === '') continue;
    const m = TAG_LINE.exec(line);
    if (!m) break;
    tags[m[1] ?? ''] = unescape(m[2] ?? '');
  }
  return { tags, movetext: lines.slice(i).join('\n') };
}

/** Joins words into lines of at most `width` columns (a longer word gets a line of its own). */
export function wrap(text: string, width = 80): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter((w) => w.length > 0)) {
    if (line.length > 0 && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line.length > 0 ? `${line} ${word}` : word;
  }
  if (line.length > 0) lines.push(line);
  return lines.join('\n');
}
