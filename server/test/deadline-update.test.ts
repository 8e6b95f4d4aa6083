import { describe, expect, it } from 'vitest';
import { deadlineUpdate, dueOf, type GameDoc } from '../src/services/game-doc.js';
import { DEFAULT_LIMITS } from '../src/limits.js';
import { testDoc } from './doc-fixture.js';

const AWAY = DEFAULT_LIMITS.lobbyAwayMs;

/** An untimed game in progress whose deadline is its idle deadline alone. */
const base = testDoc({ turn: 2, started: { white: true, black: false }, idleDeadline: 1000 });

/** The write of a commit from `prev` to `doc`. */
const update = (prev: GameDoc, doc: GameDoc): number | null | undefined => deadlineUpdate(dueOf(prev, AWAY), dueOf(doc, AWAY));
const finished: GameDoc = { ...base, status: 'finished' };

describe('deadlineUpdate: what a commit writes to the deadline index', () => {
  it('nothing when the deadline did not change', () => {
    expect(update(base, base)).toBeUndefined();
    expect(update(finished, finished)).toBeUndefined();
  });

  it('nothing when an idle deadline only moved later: the early entry comes due and is settled', () => {
    expect(dueOf(base, AWAY)).toEqual({ at: 1000, idle: true });
    expect(update(base, { ...base, idleDeadline: 5000 })).toBeUndefined();
  });

  it('an idle deadline that moved earlier, a deadline set or cleared', () => {
    expect(update(base, { ...base, idleDeadline: 500 })).toBe(500);
    expect(update(base, finished)).toBeNull();
    expect(update(finished, base)).toBe(1000);
  });

  it('any later deadline that is not an idle one on both sides (a grace, a bot to move)', () => {
    const grace = { ...base, graceDeadline: 3000 };
    expect(dueOf({ ...grace, idleDeadline: 5000 }, AWAY)).toEqual({ at: 3000, idle: false });
    expect(update(grace, { ...base, idleDeadline: 5000 })).toBe(5000);
    expect(update(base, { ...grace, idleDeadline: 5000 })).toBe(3000);
    const bot: GameDoc = { ...base, bot: { color: 'black', level: 1, owner: 'w' }, botHold: 4000 };
    expect(update(base, bot)).toBe(4000);
  });
});
