import { makeUci, newGame, parseSan, play, type GameState } from '@progressive-chess/shared';
import { describe, expect, it } from 'vitest';
import { parseTypedMove } from './typed-move.js';

function after(ucis: readonly string[]): GameState {
  const g = newGame('scottish');
  if (!g.ok) throw new Error(g.error.message);
  let s = g.value;
  for (const u of ucis) {
    const m = parseSan(s, u);
    if (!m.ok) throw new Error(m.error.message);
    const r = play(s, m.value);
    if (!r.ok) throw new Error(r.error.message);
    s = r.value.state;
  }
  return s;
}

const typed = (s: GameState, text: string): string => {
  const r = parseTypedMove(s, text);
  return r.ok ? makeUci(r.value) : `error: ${r.error.message}`;
};

describe('a move typed into the move box', () => {
  it('takes the exact notation, a lower-case piece letter, and upper-case squares', () => {
    const start = after([]);
    expect(typed(start, 'Nf3')).toBe('g1f3');
    expect(typed(start, 'nf3')).toBe('g1f3');
    expect(typed(start, 'E2E4')).toBe('e2e4');
    expect(typed(start, 'E4')).toBe('e2e4');
    expect(typed(start, ' e4 ')).toBe('e2e4');
  });

  it('a lower-case b is the b-pawn when it reads so, else the bishop', () => {
    // 1.e4 2.d5 Nc6 ... White to move 3: b-pawn b2, bishop f1
    const s = after(['e2e4', 'd7d5', 'b8c6']);
    expect(typed(s, 'b4')).toBe('b2b4');
    expect(typed(s, 'bb5')).toBe('f1b5');
    expect(typed(s, 'bxc6')).toMatch(/^error/); // nothing takes on c6 from b5 yet: no spelling reads
  });

  it('a text no spelling reads keeps the exact notation\'s error', () => {
    expect(typed(after([]), 'Ke2')).toMatch(/^error/);
    expect(typed(after([]), 'zz')).toMatch(/^error/);
  });
});
