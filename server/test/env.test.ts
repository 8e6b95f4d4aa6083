import { describe, expect, it } from 'vitest';
import { envInteger } from '../src/env.js';

describe('integer settings of the environment', () => {
  it('reads integers of at least the minimum; unset or empty is undefined; anything else is an error', () => {
    expect(envInteger({}, 'X')).toBeUndefined();
    expect(envInteger({ X: '' }, 'X')).toBeUndefined();
    expect(envInteger({ X: '12' }, 'X')).toBe(12);
    expect(() => envInteger({ X: '0' }, 'X')).toThrow('X must be a positive integer, got "0"');
    expect(envInteger({ DENY_ADDRESS_SECONDS: '0' }, 'DENY_ADDRESS_SECONDS', 0)).toBe(0);
    expect(() => envInteger({ DENY_ADDRESS_SECONDS: '-1' }, 'DENY_ADDRESS_SECONDS', 0)).toThrow(/non-negative integer/);
    expect(() => envInteger({ X: '1.5' }, 'X')).toThrow(/positive integer/);
    expect(() => envInteger({ X: 'ten' }, 'X')).toThrow(/positive integer/);
  });
});
