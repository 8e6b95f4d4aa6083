import { describe, expect, it } from 'vitest';
import { ExpiringKeys } from '../src/transport/expiring-keys.js';

function clocked(sweepAt: number, max: number): { keys: ExpiringKeys; advance: (ms: number) => void } {
  let t = 1_000;
  return { keys: new ExpiringKeys({ sweepAt, max, now: () => t }), advance: (ms) => void (t += ms) };
}

describe('ExpiringKeys', () => {
  it('holds a key until its time, then drops it when looked at', () => {
    const { keys, advance } = clocked(10, 20);
    expect(keys.has('a')).toBe(false);
    expect(keys.has(undefined)).toBe(false);
    expect(keys.add('a', 100)).toBe(true);
    advance(99);
    expect(keys.has('a')).toBe(true);
    advance(1);
    expect(keys.has('a')).toBe(false);
    expect(keys.size).toBe(0);
  });

  it('counts a key added again from the new time', () => {
    const { keys, advance } = clocked(10, 20);
    keys.add('a', 100);
    advance(80);
    keys.add('a', 100);
    advance(80);
    expect(keys.has('a')).toBe(true);
  });

  it('sweeps the expired keys when it reaches sweepAt, and records no new key past max', () => {
    const { keys, advance } = clocked(4, 6);
    for (const k of ['a', 'b', 'c', 'd']) keys.add(k, 10);
    advance(10);
    keys.add('e', 100); // the sweep drops a-d (expired, never looked at again)
    expect(keys.size).toBe(1);
    for (const k of ['f', 'g', 'h', 'i', 'j']) expect(keys.add(k, 100)).toBe(true);
    expect(keys.size).toBe(6);
    expect(keys.add('k', 100)).toBe(false);
    expect(keys.has('k')).toBe(false);
    expect(keys.size).toBe(6);
    // a key already held is still extended when the set is full
    advance(50);
    expect(keys.add('e', 100)).toBe(true);
    advance(60);
    expect(keys.has('e')).toBe(true);
    expect(keys.has('f')).toBe(false);
  });
});
