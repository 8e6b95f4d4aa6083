/** Tokens of progressive movetext. */
export type Token =
  | { readonly kind: 'turn'; readonly turn: number; readonly text: string }
  | { readonly kind: 'move'; readonly text: string }
  | { readonly kind: 'cycle' }
  | { readonly kind: 'result'; readonly text: string };

/** Results as written at the end of movetext, normalised. */
const RESULTS: Readonly<Record<string, string>> = {
  '1-0': '1-0',
  '0-1': '0-1',
  '1/2-1/2': '1/2-1/2',
  '½-½': '1/2-1/2',
  '*': '*',
};

const RESULT = /^(1-0|0-1|1\/2-1\/2|½-½|\*)(?=[\s,]|$)/;
const TURN = /^(\d+)\s*\.(?:\.\.|…)?/;
const MOVE = /^[^\s,/{}();]+/;

/** Drops `{comments}`, `;` line comments, `(variations)` and `$n` glyphs, which the reader ignores. */
export function stripComments(text: string): string {
  const out = text.replace(/\{[^}]*\}/g, ' ').replace(/;[^\n]*/g, ' ');
  return stripVariations(out).replace(/\$\d+/g, ' ');
}

/**
 * Each balanced `(...)`, nested ones included, becomes one space; an unmatched parenthesis stays
 * for the reader to refuse. One pass with a stack of open ones (a loop removing the innermost
 * level per pass took minutes on a pasted file of 100,000 nested parentheses).
 */
function stripVariations(text: string): string {
  const parts: string[] = [];
  const opens: number[] = [];
  let from = 0;
  for (const m of text.matchAll(/[()]/g)) {
    parts.push(text.slice(from, m.index));
    from = m.index + 1;
    const open = m[0] === ')' ? opens.pop() : undefined;
    if (m[0] === '(') {
      opens.push(parts.length);
      parts.push('(');
    } else if (open === undefined) parts.push(')');
    else {
      parts.length = open;
      parts.push(' ');
    }
  }
  parts.push(text.slice(from));
  return parts.join('');
}

/**
 * Splits movetext into turn numbers (`12.`, `12...`), moves, `//` cycle marks and results.
 * Commas are separators. Numbers may be glued to their first move (`3.Bc4`).
 */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let rest = stripComments(text);
  while (rest.length > 0) {
    const space = /^[\s,]+/.exec(rest);
    if (space) {
      rest = rest.slice(space[0].length);
      continue;
    }
    if (rest.startsWith('//')) {
      tokens.push({ kind: 'cycle' });
      rest = rest.slice(2);
      continue;
    }
    const result = RESULT.exec(rest);
    const turn = TURN.exec(rest);
    const move = MOVE.exec(rest);
    if (result) tokens.push({ kind: 'result', text: RESULTS[result[1] ?? ''] ?? '*' });
    else if (turn) tokens.push({ kind: 'turn', turn: Number(turn[1]), text: turn[0] });
    else tokens.push({ kind: 'move', text: move ? move[0] : (rest[0] ?? '') });
    rest = rest.slice((result ?? turn ?? move)?.[0].length ?? 1);
  }
  return tokens;
}
