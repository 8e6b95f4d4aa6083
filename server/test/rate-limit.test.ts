import { describe, expect, it } from 'vitest';
import { eventBudget } from '../src/transport/rate-limit.js';

describe('eventBudget', () => {
  it('allows `points` events per window, then refuses until the window ends', () => {
    let t = 1000;
    const allow = eventBudget({ points: 3, durationSec: 2 }, () => t);
    expect([allow(), allow(), allow(), allow()]).toEqual([true, true, true, false]);
    t += 1999;
    expect(allow()).toBe(false);
    t += 1;
    expect([allow(), allow(), allow(), allow()]).toEqual([true, true, true, false]);
  });
});
