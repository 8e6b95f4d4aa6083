// "The game has really started" is one shared fact: a player may abort before it, a result before it is not rated.
import { canAbort, newGame, play, parseUci, type GameState, type MoveRecord } from '@progressive-chess/shared';
import { describe, expect, it } from 'vitest';
import { isRatedResult } from '../src/services/game-archive.js';
import { testDoc } from './doc-fixture.js';

function after(moves: readonly string[]): { state: GameState; records: MoveRecord[] } {
  const start = newGame('scottish');
  if (!start.ok) throw new Error('newGame');
  let state = start.value;
  const records: MoveRecord[] = [];
  for (const u of moves) {
    const move = parseUci(u);
    const r = move && play(state, move);
    if (!r || !r.ok) throw new Error(u);
    records.push({ uci: u, san: u, color: state.color, turn: state.turn, index: state.moveIndex + 1, turnEnded: r.value.turnEnded, at: 0 });
    state = r.value.state;
  }
  return { state, records };
}

const rated = (records: readonly MoveRecord[]) =>
  isRatedResult(testDoc({ rated: true, status: 'finished', outcome: { result: '1-0', reason: 'resignation' } }), records);

describe('a game really started (shared reallyStarted): abort and rating agree', () => {
  it.each([
    [[] as string[]],
    [['e2e4']],
    [['e2e4', 'e7e5']],
    [['e2e4', 'e7e5', 'd7d5']],
    [['e2e4', 'e7e5', 'd7d5', 'd2d4', 'g1f3']],
  ])('after %j: abortable exactly when a result would not be rated', (moves) => {
    const { state, records } = after(moves);
    expect(canAbort(state, 1)).toBe(!rated(records));
  });
});
