import { describe, expect, it } from 'vitest';
import { onlineCounter } from '../src/services/online-count.js';

describe('onlineCounter', () => {
  it('counts distinct players, caches for its ttl, and retries after a failure', async () => {
    let t = 0;
    let calls = 0;
    let ids: string[] = ['a', 'b', 'a'];
    let fail = false;
    const count = onlineCounter(async () => {
      calls++;
      if (fail) throw new Error('node down');
      return ids;
    }, () => t, 1000);
    expect(await count()).toBe(2);
    ids = ['a', 'b', 'c'];
    t = 999;
    expect(await count()).toBe(2);
    expect(calls).toBe(1);
    t = 1000;
    expect(await count()).toBe(3);
    fail = true;
    t = 2000;
    await expect(count()).rejects.toThrow('node down');
    fail = false;
    expect(await count()).toBe(3);
    expect(calls).toBe(4);
  });
});
