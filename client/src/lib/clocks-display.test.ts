import { newGame, parseUci, play, type GameState } from '@progressive-chess/shared';
import { describe, expect, it } from 'vitest';
import { lowTimeMs, turnBudgetMs } from './clock-display.js';

const DAY = 86_400_000;

function after(moves: readonly string[]): GameState {
  const start = newGame('scottish');
  if (!start.ok) throw new Error(start.error.message);
  let s = start.value;
  for (const uci of moves) {
    const move = parseUci(uci);
    if (!move) throw new Error(uci);
    const r = play(s, move);
    if (!r.ok) throw new Error(r.error.message);
    s = r.value.state;
  }
  return s;
}

describe('the time a waiting clock shows (the fresh time of its turn)', () => {
  it('correspondence: every turn gets its days afresh, whatever the last one left', () => {
    const tc = { kind: 'correspondence', daysPerTurn: 3 } as const;
    const s = after(['e2e4', 'e7e5']); // Black's turn 2 runs
    expect(turnBudgetMs(tc, s, 'white')).toBe(3 * DAY);
    expect(turnBudgetMs(tc, s, 'black')).toBe(3 * DAY);
    expect(lowTimeMs(tc, s, 'black')).toBe(3_600_000);
  });

  it('per-turn: the series length of the coming turn, at a long series too', () => {
    const tc = { kind: 'per-turn', base: 10, perMove: 2 } as const;
    const s = after(['e2e4']); // turn 2, Black to move
    expect(turnBudgetMs(tc, s, 'black')).toBe((10 + 2 * 2) * 1000);
    expect(turnBudgetMs(tc, s, 'white')).toBe((10 + 2 * 3) * 1000);
  });

  it('Fischer and untimed games have no turn budget', () => {
    const s = after([]);
    expect(turnBudgetMs({ kind: 'fischer', initial: 60, increment: 2 }, s, 'white')).toBeNull();
    expect(turnBudgetMs({ kind: 'none' }, s, 'white')).toBeNull();
  });
});
