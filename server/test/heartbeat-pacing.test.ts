import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startHeartbeat } from '../src/services/heartbeat.js';
import type { Publisher } from '../src/services/publisher.js';

/** A publisher with `rooms` local game rooms that records the heartbeats it is asked to send. */
function rooms(count: number): { publisher: Publisher; beats: string[] } {
  const ids = Array.from({ length: count }, (_, i) => `g${i}`);
  const beats: string[] = [];
  const publisher = { localGames: () => ids, heartbeatLocal: (e: { gameId: string }) => beats.push(e.gameId) } as unknown as Publisher;
  return { publisher, beats };
}

/**
 * The periodic sweep reads its rooms a few at a time, spread over half the interval (no burst of
 * reads and emits); a sweep asked for (after a Redis reconnection) covers every room at once, also
 * when it comes in the middle of a paced sweep.
 */
describe('heartbeat pacing', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const start = (publisher: Publisher, reads: { n: number }) =>
    startHeartbeat({
      publisher,
      versionOf: () => {
        reads.n += 1;
        return Promise.resolve(3);
      },
      intervalMs: 1000,
      logger: pino({ level: 'silent' }),
    });

  it('a periodic sweep of 100 rooms reads 25 at a time, every room within half the interval', async () => {
    const { publisher, beats } = rooms(100);
    const reads = { n: 0 };
    const heartbeat = start(publisher, reads);
    await vi.advanceTimersByTimeAsync(1000);
    expect(reads.n).toBe(25);
    await vi.advanceTimersByTimeAsync(130);
    expect(reads.n).toBe(50);
    await vi.advanceTimersByTimeAsync(370);
    expect(reads.n).toBe(100);
    expect(new Set(beats).size).toBe(100);
    await vi.advanceTimersByTimeAsync(490); // nothing more until the next interval
    expect(reads.n).toBe(100);
    await heartbeat.stop();
  });

  it('a sweep asked for during a paced one hurries it and then covers every room once more, at once', async () => {
    const { publisher, beats } = rooms(100);
    const reads = { n: 0 };
    const heartbeat = start(publisher, reads);
    await vi.advanceTimersByTimeAsync(1000);
    expect(reads.n).toBe(25);
    const asked = heartbeat.sweep();
    await vi.advanceTimersByTimeAsync(0);
    await asked;
    expect(reads.n).toBe(200); // the paced sweep, finished without pauses, then the sweep asked for in full
    expect(beats.slice(100)).toEqual(beats.slice(0, 100));
    await heartbeat.stop();
  });

  it('stop does not wait out the pauses of a paced sweep', async () => {
    const { publisher } = rooms(100);
    const reads = { n: 0 };
    const heartbeat = start(publisher, reads);
    await vi.advanceTimersByTimeAsync(1000);
    const stopped = heartbeat.stop();
    await vi.advanceTimersByTimeAsync(0);
    await stopped;
    expect(reads.n).toBe(100);
  });
});
