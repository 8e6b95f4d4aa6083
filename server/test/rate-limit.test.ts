import { describe, expect, it } from 'vitest';
import { createEventLimiter } from '../src/transport/rate-limit.js';

describe('createEventLimiter', () => {
  it('allows `points` events per window and connection, then refuses until the window ends', async () => {
    const allow = createEventLimiter({ points: 3, durationSec: 1 });
    const burst = async (key: string) => Promise.all([allow(key), allow(key), allow(key), allow(key)]);
    expect(await burst('a')).toEqual([true, true, true, false]);
    expect(await allow('b')).toBe(true); // another connection has its own budget
    expect(await allow('a')).toBe(false);
    await new Promise((r) => setTimeout(r, 1_050));
    expect(await burst('a')).toEqual([true, true, true, false]);
  });
});
