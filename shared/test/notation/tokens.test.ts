import { describe, expect, it } from 'vitest';
import { tokenize } from '../../src/notation/index.js';
import { stripComments } from '../../src/notation/tokens.js';

describe('tokenize', () => {
  it('splits numbers, moves, cycle marks and results, dropping commas and comments', () => {
    expect(tokenize('1.e4, 2... e5 Nf6//Bc4 {note} (3.d4) $1 0-0 ; rest of line\n3. 0-0-0 ½-½')).toEqual([
      { kind: 'turn', turn: 1, text: '1.' },
      { kind: 'move', text: 'e4' },
      { kind: 'turn', turn: 2, text: '2...' },
      { kind: 'move', text: 'e5' },
      { kind: 'move', text: 'Nf6' },
      { kind: 'cycle' },
      { kind: 'move', text: 'Bc4' },
      { kind: 'move', text: '0-0' },
      { kind: 'turn', turn: 3, text: '3.' },
      { kind: 'move', text: '0-0-0' },
      { kind: 'result', text: '1/2-1/2' },
    ]);
  });

  it('knows every result and keeps junk as a move for the reader to refuse', () => {
    for (const r of ['1-0', '0-1', '1/2-1/2', '*']) expect(tokenize(`12.Qxf7# ${r}`).at(-1)).toEqual({ kind: 'result', text: r });
    expect(tokenize('1.e4 / x')).toEqual([
      { kind: 'turn', turn: 1, text: '1.' },
      { kind: 'move', text: 'e4' },
      { kind: 'move', text: '/' },
      { kind: 'move', text: 'x' },
    ]);
  });

  it('drops nested variations in one pass: a pasted file of 100,000 nested parentheses reads at once', () => {
    expect(stripComments('1.e4 (1.d4 (1.c4) e5) 2.e5 ) ( x').replace(/\s+/g, ' ')).toBe('1.e4 2.e5 ) ( x');
    const deep = `1.e4 ${'('.repeat(100_000)}1.d4${')'.repeat(100_000)} 2.e5 Nf6`;
    const started = performance.now();
    expect(tokenize(deep).map((t) => ('text' in t ? t.text : '//'))).toEqual(['1.', 'e4', '2.', 'e5', 'Nf6']);
    // the innermost-level loop took minutes here
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
