// The facts server and client both decide through the rules package: abort, pass, timing, move records.
import { describe, expect, it } from 'vitest';
import { sameMove } from '../../src/chess/index.js';
import { hasFirstMoveGrace, isTimed } from '../../src/clock/index.js';
import { ERROR_CODES, moveRecord } from '../../src/protocol/index.js';
import { PLAY_ERROR_CODES, STARTED_AFTER_TURNS, canAbort, comingTurnBudget, reallyStarted, canPass, endTurn, finish, isPlayErrorCode, play } from '../../src/rules/index.js';
import { game, step, uci } from './helpers.js';

describe('shared facts', () => {
  it('comingTurnBudget: the side to move gets this turn\'s budget, the other side the next turn\'s', () => {
    let s = game('scottish');
    expect([comingTurnBudget(s, 'white'), comingTurnBudget(s, 'black')]).toEqual([1, 2]);
    s = step(s, 'e2e4').state;
    expect([comingTurnBudget(s, 'white'), comingTurnBudget(s, 'black')]).toEqual([3, 2]);
    const mid = game('scottish', undefined, 5);
    expect([comingTurnBudget(mid, 'white'), comingTurnBudget(mid, 'black')]).toEqual([5, 6]);
  });

  it('reallyStarted: once both sides have completed a turn', () => {
    expect(STARTED_AFTER_TURNS).toBe(2);
    expect([0, 1, 2, 3].map(reallyStarted)).toEqual([false, false, true, true]);
  });

  it('canAbort: until both sides have completed a turn, never after the game ended', () => {
    let s = game('scottish');
    expect(canAbort(s, 1)).toBe(true);
    s = step(s, 'e2e4').state; // White completed turn 1
    expect(canAbort(s, 1)).toBe(true);
    s = step(s, 'e7e5').state; // Black's turn 2 still running
    expect(canAbort(s, 1)).toBe(true);
    s = step(s, 'd7d5').state; // both completed a turn
    expect(s.turn).toBe(3);
    expect(canAbort(s, 1)).toBe(false);
    expect(canAbort(finish(game('scottish'), { result: null, reason: 'aborted' }), 1)).toBe(false);
  });

  it('canPass agrees with endTurn: cost variants only, after a move, by the side to move', () => {
    const cost = game('cost', undefined, 7);
    const afterOne = step(cost, 'e2e4').state;
    expect(afterOne.color).toBe('white');
    expect(canPass(afterOne, 'white')).toBe(true);
    expect(canPass(afterOne, 'black')).toBe(false);
    expect(canPass(cost, 'white')).toBe(false);
    const scottish = step(game('scottish', undefined, 3), 'e2e4').state;
    expect(canPass(scottish, 'white')).toBe(false);
    for (const s of [cost, afterOne, scottish, finish(afterOne, { result: '1-0', reason: 'resignation' })]) {
      for (const by of ['white', 'black'] as const) expect(canPass(s, by), `${s.variant} ${by}`).toBe(endTurn(s, by).ok);
    }
  });

  it('isTimed and the first-move grace by time-control kind', () => {
    expect([isTimed({ kind: 'none' }), isTimed({ kind: 'correspondence' }), isTimed({ kind: 'fischer' })]).toEqual([false, true, true]);
    expect(['none', 'correspondence', 'fischer', 'per-turn'].map((kind) => hasFirstMoveGrace({ kind }))).toEqual([false, false, true, true]);
  });

  it('moveRecord: the logged record of a move (SAN with its mark, turn, index, turn end)', () => {
    const s = step(step(game('scottish'), 'e2e4').state, 'f7f6').state;
    const out = play(s, uci('g7g5'));
    if (!out.ok) throw new Error(out.error.message);
    expect(moveRecord(s, uci('g7g5'), out.value, 42)).toEqual({ uci: 'g7g5', san: 'g5', color: 'black', turn: 2, index: 2, turnEnded: true, at: 42 });
    const mate = out.value.state;
    const res = play(mate, uci('d1h5'));
    if (!res.ok) throw new Error(res.error.message);
    expect(moveRecord(mate, uci('d1h5'), res.value, 1).san).toBe('Qh5#');
  });

  it('move equality ignores a missing promotion but not a different one', () => {
    expect(sameMove({ from: 1, to: 2 }, { from: 1, to: 2 })).toBe(true);
    expect(sameMove({ from: 52, to: 60, promotion: 'queen' }, { from: 52, to: 60 })).toBe(false);
    expect(sameMove({ from: 52, to: 60, promotion: 'queen' }, { from: 52, to: 60, promotion: 'queen' })).toBe(true);
  });

  it('protocol error codes include every play error of the rules, and only those rule codes', () => {
    for (const code of PLAY_ERROR_CODES) expect(ERROR_CODES).toContain(code);
    expect(ERROR_CODES).not.toContain('invalid-fen');
    expect(isPlayErrorCode('cannot-afford')).toBe(true);
    expect(isPlayErrorCode('invalid-state')).toBe(false);
  });
});
