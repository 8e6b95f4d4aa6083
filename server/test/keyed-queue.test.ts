import { describe, expect, it } from 'vitest';
import { KeyedQueue } from '../src/services/keyed-queue.js';

const tick = (ms = 0) => new Promise<void>((r) => setTimeout(r, ms));

describe('KeyedQueue', () => {
  it('runs one key`s tasks in order, one at a time, and other keys concurrently', async () => {
    const q = new KeyedQueue();
    const log: string[] = [];
    const task = (name: string, ms: number) => async () => {
      log.push(`${name}+`);
      await tick(ms);
      log.push(`${name}-`);
      return name;
    };
    const runs = [q.run('a', task('a1', 20)), q.run('a', task('a2', 0)), q.run('b', task('b1', 5))];
    expect(await Promise.all(runs)).toEqual(['a1', 'a2', 'b1']);
    expect(log.indexOf('a1-')).toBeLessThan(log.indexOf('a2+')); // a2 waited for a1
    expect(log.indexOf('b1-')).toBeLessThan(log.indexOf('a1-')); // b did not wait for a
  });

  it('a task with nothing queued before it starts at once; a rejection does not stop the next task', async () => {
    const q = new KeyedQueue();
    let started = false;
    const first = q.run('k', async () => {
      started = true;
      throw new Error('refused');
    });
    expect(started).toBe(true);
    const second = q.run('k', async () => 'next');
    await expect(first).rejects.toThrow('refused');
    await expect(second).resolves.toBe('next');
  });

  it('idle() resolves once everything queued has run, and no key is then busy', async () => {
    const q = new KeyedQueue();
    let done = 0;
    for (let i = 0; i < 5; i++) void q.run(`k${i % 2}`, async () => { await tick(2); done++; });
    await q.idle();
    expect(done).toBe(5);
    expect(q.busy).toBe(0);
  });

  it('keeps a key between its tasks, and sweeps idle keys once the map has doubled (bounded)', async () => {
    const q = new KeyedQueue();
    const slots = (q as unknown as { slots: Map<string, unknown> }).slots;
    await q.run('a', async () => undefined);
    await q.run('a', async () => undefined);
    expect(slots.size).toBe(1);
    let release = (): void => undefined;
    const held = q.run('held', () => new Promise<void>((r) => (release = r)));
    for (let i = 0; i < 3000; i++) await q.run(`g${i}`, async () => undefined);
    expect(slots.size).toBeLessThanOrEqual(1025);
    expect(slots.has('held')).toBe(true); // a busy key is never swept
    expect(q.busy).toBe(1);
    release();
    await held;
    expect(q.busy).toBe(0);
  });
});
