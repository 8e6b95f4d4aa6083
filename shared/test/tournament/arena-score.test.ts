import { describe, expect, it } from 'vitest';
import { BERSERK_MIN_TURNS } from '../../src/protocol/index.js';
import { arenaScore, berserkClock, type ArenaResult } from '../../src/tournament/index.js';

const win = (berserk = false, turns = 10): ArenaResult => ({ outcome: 'win', berserk, turns });
const draw: ArenaResult = { outcome: 'draw', berserk: false, turns: 10 };
const loss: ArenaResult = { outcome: 'loss', berserk: false, turns: 10 };

describe('arena scoring (lichess: win 2, draw 1, loss 0; streaks; berserk)', () => {
  it('a worked sheet: streaks double every game until one is not won; a berserked win adds 1 when the game went long enough', () => {
    const results = [win(), win(), win(), draw, win(), loss, win(true, 6), win(), win(true, BERSERK_MIN_TURNS - 1)];
    const { score, fire, sheet } = arenaScore(results);
    // W 2, W 2 (now on fire), W 4 (doubled), D 2 (doubled, ends the streak), W 2, L 0,
    // W+berserk 2+1 (6 turns), W 2 (on fire again), W+berserk 4 (doubled; 4 turns: no berserk point)
    expect(sheet.map((e) => e.points)).toEqual([2, 2, 4, 2, 2, 0, 3, 2, 4]);
    expect(sheet.map((e) => e.doubled)).toEqual([false, false, true, true, false, false, false, false, true]);
    expect(sheet.map((e) => e.berserk)).toEqual([false, false, false, false, false, false, true, false, true]);
    expect(score).toBe(21);
    expect(fire).toBe(true);
  });

  it('fire: two wins in a row up to now; a loss while on fire scores nothing and puts it out', () => {
    expect(arenaScore([]).fire).toBe(false);
    expect(arenaScore([win()]).fire).toBe(false);
    expect(arenaScore([win(), win()]).fire).toBe(true);
    expect(arenaScore([win(), win(), loss])).toMatchObject({ score: 4, fire: false });
    expect(arenaScore([win(), win(), draw]).fire).toBe(false);
  });

  it('a doubled berserked win is 4 + 1; a berserked draw or loss gets no extra point', () => {
    expect(arenaScore([win(), win(), win(true, BERSERK_MIN_TURNS)]).sheet[2]?.points).toBe(5);
    expect(arenaScore([{ outcome: 'draw', berserk: true, turns: 30 }]).score).toBe(1);
    expect(arenaScore([{ outcome: 'loss', berserk: true, turns: 30 }]).score).toBe(0);
  });
});

describe('berserkClock', () => {
  it('Fischer: halves the time and drops the increment (3+2 becomes 1:30+0)', () => {
    expect(berserkClock({ kind: 'fischer', initial: 180, increment: 2 })).toEqual({ kind: 'fischer', initialMs: 90_000, incrementMs: 0 });
    expect(berserkClock({ kind: 'fischer', initial: 300, increment: 0 })).toEqual({ kind: 'fischer', initialMs: 150_000, incrementMs: 0 });
  });

  it('Fischer under 40 increments keeps its time and only drops the increment (1+2), as lichess', () => {
    expect(berserkClock({ kind: 'fischer', initial: 60, increment: 2 })).toEqual({ kind: 'fischer', initialMs: 60_000, incrementMs: 0 });
    expect(berserkClock({ kind: 'fischer', initial: 80, increment: 2 })).toEqual({ kind: 'fischer', initialMs: 40_000, incrementMs: 0 });
  });

  it('per-turn: half of every turn; no berserk without a live clock', () => {
    expect(berserkClock({ kind: 'per-turn', base: 30, perMove: 5 })).toEqual({ kind: 'per-turn', baseMs: 15_000, perMoveMs: 2_500 });
    expect(berserkClock({ kind: 'none' })).toBeNull();
    expect(berserkClock({ kind: 'correspondence', daysPerTurn: 3 })).toBeNull();
  });
});
