import { describe, expect, it } from 'vitest';
import {
  clockDeadline,
  clockView,
  endClockTurn,
  flaggedSide,
  initClock,
  remainingMs,
  startClockTurn,
  stopClock,
  timeControlSchema,
  turnBudgetMs,
  viewRemainingMs,
} from '../../src/index.js';

const T0 = 1_700_000_000_000;

describe('fischer clock', () => {
  const fischer = initClock({ kind: 'fischer', initial: 60, increment: 2 });

  it('starts stopped with the initial time on both sides', () => {
    expect(fischer.running).toBeNull();
    expect(remainingMs(fischer, 'white', T0)).toBe(60_000);
    expect(remainingMs(fischer, 'black', T0 + 99_000)).toBe(60_000);
    expect(clockDeadline(fischer)).toBeNull();
  });

  it('runs only for the side whose turn it is, during the whole series', () => {
    const c = startClockTurn(fischer, 'black', 4, T0);
    expect(remainingMs(c, 'black', T0 + 10_500)).toBe(49_500);
    expect(remainingMs(c, 'white', T0 + 10_500)).toBe(60_000);
    expect(clockDeadline(c)).toBe(T0 + 60_000);
  });

  it('credits the increment per move played in the turn when the turn ends', () => {
    const c = endClockTurn(startClockTurn(fischer, 'white', 3, T0), 3, T0 + 10_000);
    expect(c.running).toBeNull();
    expect(c.remaining.white).toBe(60_000 - 10_000 + 3 * 2_000);
    // a turn cut short by a check earns only for the moves played
    const short = endClockTurn(startClockTurn(fischer, 'white', 5, T0), 2, T0 + 1_000);
    expect(short.remaining.white).toBe(59_000 + 4_000);
  });

  it('flags the running side at its deadline and credits nothing after a flag', () => {
    const c = startClockTurn(fischer, 'white', 1, T0);
    expect(flaggedSide(c, T0 + 59_999)).toBeNull();
    expect(flaggedSide(c, T0 + 60_000)).toBe('white');
    expect(remainingMs(c, 'white', T0 + 90_000)).toBe(0);
    expect(endClockTurn(c, 1, T0 + 61_000).remaining.white).toBe(0);
  });

  it('stops without increment at game end', () => {
    const c = stopClock(startClockTurn(fischer, 'white', 3, T0), T0 + 5_000);
    expect(c.remaining.white).toBe(55_000);
    expect(c.running).toBeNull();
    expect(stopClock(c, T0 + 9_000)).toBe(c);
  });
});

describe('per-turn clock', () => {
  const control = { kind: 'per-turn', base: 10, perMove: 5 } as const;

  it('gives each turn a fresh budget of base + perMove x series length', () => {
    expect(turnBudgetMs(control, 4)).toBe(30_000);
    let c = startClockTurn(initClock(control), 'white', 3, T0);
    expect(remainingMs(c, 'white', T0)).toBe(25_000);
    c = endClockTurn(c, 3, T0 + 20_000);
    expect(c.remaining.white).toBe(5_000);
    c = startClockTurn(c, 'black', 4, T0 + 20_000);
    expect(remainingMs(c, 'black', T0 + 20_000)).toBe(30_000);
    // nothing is carried over: White's next turn is fresh again
    c = startClockTurn(endClockTurn(c, 4, T0 + 21_000), 'white', 5, T0 + 21_000);
    expect(remainingMs(c, 'white', T0 + 21_000)).toBe(35_000);
    expect(clockDeadline(c)).toBe(T0 + 21_000 + 35_000);
  });

  it('loses when the budget runs out', () => {
    const c = startClockTurn(initClock(control), 'black', 2, T0);
    expect(flaggedSide(c, T0 + 19_999)).toBeNull();
    expect(flaggedSide(c, T0 + 20_000)).toBe('black');
  });
});

describe('correspondence and untimed clocks', () => {
  it('correspondence gives days per turn', () => {
    const c = startClockTurn(initClock({ kind: 'correspondence', daysPerTurn: 2 }), 'white', 1, T0);
    expect(clockDeadline(c)).toBe(T0 + 2 * 86_400_000);
    expect(flaggedSide(c, T0 + 2 * 86_400_000)).toBe('white');
  });

  it('an untimed clock never runs nor flags', () => {
    const c = startClockTurn(initClock({ kind: 'none' }), 'white', 1, T0);
    expect(c.running).toBeNull();
    expect(clockDeadline(c)).toBeNull();
    expect(flaggedSide(c, T0 + 10 ** 12)).toBeNull();
  });
});

describe('clock view and schema', () => {
  it('reports remaining times at the server time', () => {
    const c = startClockTurn(initClock({ kind: 'fischer', initial: 30, increment: 0 }), 'black', 2, T0);
    expect(clockView(c, T0 + 1_234)).toEqual({ white: 30_000, black: 28_766, running: 'black', serverNow: T0 + 1_234 });
  });

  it('a client reading the view counts down as the server does (viewRemainingMs = remainingMs)', () => {
    const c = startClockTurn(initClock({ kind: 'fischer', initial: 30, increment: 0 }), 'black', 2, T0);
    const view = clockView(c, T0 + 1_000);
    for (const later of [T0 + 1_000, T0 + 5_000, T0 + 29_999, T0 + 31_000, T0 + 500]) {
      for (const side of ['white', 'black'] as const) expect(viewRemainingMs(view, side, later)).toBe(remainingMs(c, side, Math.max(later, T0 + 1_000)));
    }
    expect(viewRemainingMs(view, 'black', T0 + 31_000)).toBe(0);
  });

  it('validates time controls', () => {
    expect(timeControlSchema.safeParse({ kind: 'fischer', initial: 180, increment: 2 }).success).toBe(true);
    expect(timeControlSchema.safeParse({ kind: 'fischer', initial: -1, increment: 2 }).success).toBe(false);
    expect(timeControlSchema.safeParse({ kind: 'per-turn', base: 0, perMove: 0 }).success).toBe(false);
    expect(timeControlSchema.safeParse({ kind: 'blitz' }).success).toBe(false);
  });
});
