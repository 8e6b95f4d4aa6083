// bench:server's --think-jitter: each pause before a move drawn around the think time (test/bench/table.ts).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rng, Table, thinkDelay, type Stats, type Transport } from '../bench/table.js';
import { thinkText } from '../bench/server-report.js';
import type { GameScript } from '../bench/game-scripts.js';

const stats = (): Stats => ({ running: true, measuring: false, moves: 0, refused: 0, games: 0, latencies: [] });

describe('think time jitter', () => {
  it('is the fixed think time without jitter, and draws nothing', () => {
    const random = vi.fn(() => 0.9);
    expect(thinkDelay(300, 0, random)).toBe(300);
    expect(random).not.toHaveBeenCalled();
  });

  it('stays within (1 -/+ jitter) x the think time, with the same mean', () => {
    const random = rng(7);
    const d = Array.from({ length: 20_000 }, () => thinkDelay(300, 0.5, random));
    expect(Math.min(...d)).toBeGreaterThanOrEqual(150);
    expect(Math.max(...d)).toBeLessThanOrEqual(450);
    // both ends are reached, and the mean is the think time (uniform: sd of the mean 87/sqrt(20k) < 1 ms)
    expect(Math.min(...d)).toBeLessThan(155);
    expect(Math.max(...d)).toBeGreaterThan(445);
    expect(d.reduce((a, b) => a + b, 0) / d.length).toBeCloseTo(300, -1);
  });

  it('clamps a jitter outside 0..1', () => {
    expect(thinkDelay(300, 2, () => 0)).toBe(0);
    expect(thinkDelay(300, 2, () => 1)).toBe(600);
    expect(thinkDelay(300, -1, () => 0)).toBe(300);
  });

  it('says the range in the report header', () => {
    expect(thinkText({ thinkMs: 300 })).toBe('300 ms');
    expect(thinkText({ thinkMs: 300, thinkJitter: 0.5 })).toBe('150-450 ms (uniform, mean 300)');
  });
});

describe('a table with a jittered think time', () => {
  afterEach(() => vi.useRealTimers());

  /** The delays between each event and the next move a table sends, with `jitter`. */
  async function delays(jitter: number, index: number): Promise<number[]> {
    vi.useFakeTimers();
    const script: GameScript = Array.from({ length: 12 }, (_, i) => ({ uci: `m${i}`, color: i % 2 ? 'black' : 'white', hash: '' }));
    const sent: number[] = [];
    let table: Table | null = null;
    const transport: Transport = {
      move(_color, version) {
        sent.push(Date.now());
        // the server's event for this move, a little later
        setTimeout(() => table?.onEvent(version + 1, script[version]?.uci ?? null, false, true), 5);
        return Promise.resolve(true);
      },
      renew: () => new Promise<number>(() => undefined),
    };
    table = new Table(transport, stats(), [script], index, 300, jitter);
    table.start(0);
    await vi.advanceTimersByTimeAsync(12 * 500);
    return sent.slice(1).map((t, i) => t - (sent[i] ?? 0) - 5);
  }

  it('waits the fixed think time between moves without jitter', async () => {
    const d = await delays(0, 3);
    expect(d.length).toBeGreaterThanOrEqual(10);
    expect(new Set(d)).toEqual(new Set([300]));
  });

  it('varies the wait between moves within the range, the same way on every run', async () => {
    const d = await delays(0.5, 3);
    expect(d.length).toBeGreaterThanOrEqual(10);
    for (const ms of d) {
      expect(ms).toBeGreaterThanOrEqual(149);
      expect(ms).toBeLessThanOrEqual(451);
    }
    expect(new Set(d.map(Math.round)).size).toBeGreaterThan(5);
    expect(await delays(0.5, 3)).toEqual(d);
    // another table draws other pauses (it is seeded by its index)
    expect(await delays(0.5, 4)).not.toEqual(d);
  });
});
