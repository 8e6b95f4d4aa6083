import { encodeState, newGame, parseSan, play, type GameState } from '@progressive-chess/shared';
import { describe, expect, it } from 'vitest';
import { answer } from './engine-compute.js';

function after(sans: string[]): GameState {
  const start = newGame('scottish');
  if (!start.ok) throw new Error(start.error.message);
  let s = start.value;
  for (const san of sans) {
    const m = parseSan(s, san);
    if (!m.ok) throw new Error(m.error.message);
    const r = play(s, m.value);
    if (!r.ok) throw new Error(r.error.message);
    s = r.value.state;
  }
  return s;
}

describe('analysis engine (the worker body)', () => {
  it('finds the mate left in a series, with its line', () => {
    const state = encodeState(after(['e4', 'e5', 'Nf6', 'Bc4']));
    expect(answer({ id: 7, kind: 'mate', state, budgetMs: 5000 })).toEqual({ id: 7, kind: 'mate', found: true, complete: true, moves: ['d1h5', 'h5f7'] });
  });

  it('says when there is none', () => {
    const state = encodeState(after([]));
    expect(answer({ id: 1, kind: 'mate', state, budgetMs: 5000 })).toMatchObject({ kind: 'mate', found: false, complete: true, moves: [] });
  });

  it("gives the computer's series with its evaluation, or null when the series ends the game", () => {
    const opening = answer({ id: 2, kind: 'series', state: encodeState(after([])), budgetMs: 500, seed: 1 });
    expect(opening).toMatchObject({ id: 2, kind: 'series' });
    if (opening.kind !== 'series') throw new Error('not a series');
    expect(opening.moves).toHaveLength(1);
    expect(typeof opening.score).toBe('number');
    const mating = answer({ id: 3, kind: 'series', state: encodeState(after(['e4', 'e5', 'Nf6'])), budgetMs: 2000, seed: 1 });
    expect(mating).toEqual({ id: 3, kind: 'series', moves: expect.arrayContaining(['h5f7']) as unknown, score: null });
  });

  it('answers an error for a state that does not read', () => {
    expect(answer({ id: 4, kind: 'mate', state: 'nonsense', budgetMs: 10 })).toMatchObject({ id: 4, kind: 'error' });
  });
});
