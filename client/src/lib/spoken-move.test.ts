import { describe, expect, it } from 'vitest';
import { spokenSan } from './spoken-move.js';

describe('spokenSan', () => {
  it.each([
    ['e4', 'e4'],
    ['Nf3', 'knight f3'],
    ['exd5', 'e takes d5'],
    ['Nbxd7+', 'knight b takes d7, check'],
    ['R1a3', 'rook 1 a3'],
    ['exd8=Q#', 'e takes d8, promotes to queen, checkmate'],
    ['O-O', 'castles kingside'],
    ['O-O-O+', 'castles queenside, check'],
    ['Kxe2', 'king takes e2'],
    ['--', '--'],
  ])('%s is said "%s"', (san, words) => {
    expect(spokenSan(san)).toBe(words);
  });
});
