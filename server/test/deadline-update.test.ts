import { describe, expect, it } from 'vitest';
import { deadlineUpdate, type GameDoc } from '../src/services/game-doc.js';
import { testDoc } from './doc-fixture.js';

/** An untimed game in progress whose deadline is its idle deadline alone. */
const base = testDoc({ turn: 2, started: { white: true, black: false }, idleDeadline: 1000 });

describe('deadlineUpdate: what a commit writes to the deadline index', () => {
  it('nothing when the deadline did not change', () => {
    expect(deadlineUpdate(base, 1000, base, 1000)).toBeUndefined();
    expect(deadlineUpdate(base, null, base, null)).toBeUndefined();
  });

  it('nothing when an idle deadline only moved later: the early entry comes due and is settled', () => {
    expect(deadlineUpdate(base, 1000, { ...base, idleDeadline: 5000 }, 5000)).toBeUndefined();
  });

  it('an idle deadline that moved earlier, a deadline set or cleared', () => {
    expect(deadlineUpdate(base, 1000, { ...base, idleDeadline: 500 }, 500)).toBe(500);
    expect(deadlineUpdate(base, 1000, { ...base, status: 'finished' }, null)).toBeNull();
    expect(deadlineUpdate({ ...base, status: 'finished' }, null, base, 1000)).toBe(1000);
  });

  it('any later deadline that is not an idle one on both sides (a grace, a bot to move)', () => {
    const grace = { ...base, graceDeadline: 3000 };
    expect(deadlineUpdate(grace, 3000, { ...base, idleDeadline: 5000 }, 5000)).toBe(5000);
    expect(deadlineUpdate(base, 1000, { ...grace, idleDeadline: 5000 }, 3000)).toBe(3000);
    const bot: GameDoc = { ...base, bot: { color: 'black', level: 1, owner: 'w' }, botHold: 4000 };
    expect(deadlineUpdate(base, 1000, bot, 4000)).toBe(4000);
  });
});
