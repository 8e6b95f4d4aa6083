import { RateLimiterRes } from 'rate-limiter-flexible';
import { describe, expect, it } from 'vitest';
import { LoginLimiter } from '../src/accounts/login-limiter.js';
import { openRedis } from '../src/store/redis-client.js';
import { sharedLimiter } from '../src/transport/shared-limiter.js';
import { createEventLimiter } from '../src/transport/rate-limit.js';
import { WindowBudget } from '../src/transport/window-budget.js';

describe('createEventLimiter', () => {
  it('allows `points` events per window and connection, then refuses until the window ends', async () => {
    const allow = createEventLimiter({ points: 3, durationSec: 1 });
    const burst = (key: string) => [allow(key), allow(key), allow(key), allow(key)];
    expect(burst('a')).toEqual([true, true, true, false]);
    expect(allow('b')).toBe(true); // another connection has its own budget
    expect(allow('a')).toBe(false);
    await new Promise((r) => setTimeout(r, 1_050));
    expect(burst('a')).toEqual([true, true, true, false]);
  });
});

describe('WindowBudget', () => {
  it('opens a key`s window at its first point and refuses past `points` until the window ends', () => {
    let t = 0;
    const budget = new WindowBudget({ points: 2, durationSec: 10 }, () => t);
    expect([budget.take('a'), budget.take('a'), budget.take('a')]).toEqual([true, true, false]);
    t = 5_000;
    expect(budget.take('b')).toBe(true); // b's window opens now: it ends at 15 s
    t = 9_999;
    expect(budget.take('a')).toBe(false);
    t = 10_000; // a's window ended
    expect([budget.take('a'), budget.take('a'), budget.take('a')]).toEqual([true, true, false]);
    expect([budget.take('b'), budget.take('b')]).toEqual([true, false]);
  });

  it('a refused point is not counted: the budget is whole again in the next window', () => {
    let t = 0;
    const budget = new WindowBudget({ points: 1, durationSec: 1 }, () => t);
    for (let i = 0; i < 100; i++) budget.take('a');
    t = 1_000;
    expect(budget.take('a')).toBe(true);
  });

  it('forgets keys whose window ended when the map grows: memory follows the keys active in one window', () => {
    let t = 0;
    const budget = new WindowBudget({ points: 5, durationSec: 1 }, () => t);
    for (let round = 0; round < 20; round++) {
      t = round * 1_000;
      for (let k = 0; k < 1_000; k++) budget.take(`r${round}-${k}`);
    }
    // 20,000 keys were counted, 1,000 per window: at most about twice a window's keys remain
    expect(budget.size).toBeLessThanOrEqual(2_048);
    expect(budget.size).toBeGreaterThanOrEqual(1_000);
  });
});

describe('HTTP and login budgets on Redis', () => {
  it('count in memory while Redis cannot be reached: a login or an analysis is answered, not a 500', async () => {
    const dead = openRedis('redis://127.0.0.1:1');
    dead.on('error', () => undefined);
    try {
      const limiter = sharedLimiter({ points: 2, durationSec: 60 }, 'login-ip', dead);
      const started = Date.now();
      await limiter.consume('a');
      await limiter.consume('a');
      await expect(limiter.consume('a')).rejects.toBeInstanceOf(RateLimiterRes);
      expect(Date.now() - started).toBeLessThan(2000);
      // the login limits are these budgets
      const login = new LoginLimiter({ perAccountAddress: 5, perAccount: 5, perAddress: 5, windowSec: 60 }, dead);
      await expect(login.attempt('alice', '10.0.0.1', async () => false)).resolves.toBe(false);
    } finally {
      dead.disconnect();
    }
  });
});
