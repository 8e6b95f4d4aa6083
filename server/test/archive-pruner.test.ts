import { describe, expect, it, vi } from 'vitest';
import { startArchivePruner } from '../src/services/archive-pruner.js';
import { captureLog, flushLog } from './log-capture.js';

/** An archive of `count` aborted games, deleting as the repository does (up to `limit` per call). */
function fakeArchive(count: number) {
  const calls: { before: number; limit: number }[] = [];
  let left = count;
  return {
    calls,
    left: () => left,
    fail: false,
    async deleteAborted(before: number, limit: number): Promise<number> {
      calls.push({ before, limit });
      if (this.fail) throw new Error('database away');
      const n = Math.min(left, limit);
      left -= n;
      return n;
    },
  };
}

describe('archive pruner', () => {
  it('at start, deletes the aborted games older than the retention in batches until a batch comes back short, and logs the count', async () => {
    const archive = fakeArchive(1_234);
    const { logger, lines } = captureLog();
    const pruner = startArchivePruner({ archive, retentionMs: 1_000, intervalMs: 3_600_000, now: () => 50_000, logger });
    await vi.waitFor(() => expect(archive.left()).toBe(0));
    await pruner.stop();
    await flushLog();
    expect(archive.calls).toEqual([
      { before: 49_000, limit: 500 },
      { before: 49_000, limit: 500 },
      { before: 49_000, limit: 500 },
    ]);
    expect(lines.filter((l) => l.msg === 'aborted games deleted from the archive').map((l) => l.deleted)).toEqual([1_234]);
  });

  it('stops between batches when the server stops', async () => {
    const archive = fakeArchive(1_234);
    const pruner = startArchivePruner({ archive, retentionMs: 1_000, intervalMs: 3_600_000, now: () => 50_000, logger: captureLog().logger });
    await pruner.stop();
    expect(archive.calls).toHaveLength(1);
  });

  it('a database that does not answer holds up stopping by at most a second, and is not reported after it', async () => {
    const { logger, lines } = captureLog();
    const pruner = startArchivePruner({
      archive: { deleteAborted: () => new Promise(() => undefined) },
      retentionMs: 1_000,
      intervalMs: 3_600_000,
      now: () => 50_000,
      logger,
    });
    const started = Date.now();
    await pruner.stop();
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(Date.now() - started).toBeLessThan(3_000);
    await flushLog();
    expect(lines).toEqual([]);
  });

  it('looks again every interval; a failure is logged and the next look tries again', async () => {
    const archive = fakeArchive(0);
    archive.fail = true;
    const { logger, lines } = captureLog();
    const pruner = startArchivePruner({ archive, retentionMs: 1_000, intervalMs: 30, now: () => 50_000, logger });
    await new Promise((r) => setTimeout(r, 20));
    archive.fail = false;
    await new Promise((r) => setTimeout(r, 100));
    await pruner.stop();
    await flushLog();
    expect(lines.filter((l) => l.msg === 'archive pruning failed')).toHaveLength(1);
    expect(archive.calls.length).toBeGreaterThanOrEqual(3);
    // nothing deleted: no count logged
    expect(lines.some((l) => l.msg === 'aborted games deleted from the archive')).toBe(false);
  });
});
