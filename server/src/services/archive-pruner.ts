import type { Logger } from 'pino';
import type { GameArchive } from './game-archive.js';

/** Games deleted per statement: a long backlog goes in short statements, never one long lock. */
const BATCH = 500;
/** How long stopping waits for the statement under way. */
const STOP_WAIT_MS = 1_000;

export interface ArchivePrunerOptions {
  readonly archive: Pick<GameArchive, 'deleteAborted'>;
  /** Aborted games are deleted this long after they end (the live store's `abortedRetentionMs`). */
  readonly retentionMs: number;
  /** How often to look (the first look is at start). */
  readonly intervalMs: number;
  readonly now: () => number;
  readonly logger: Logger;
}

/**
 * Deletes aborted games (no result: aborted, first-move timeout, abandoned) from the archive once
 * they are older than the retention, as the live store does with its own copy: anyone can make
 * such games, and nothing in them is worth keeping forever (no rating changed, no move to
 * replay). Games with a result stay. Every node runs it; the deletes are idempotent, so two
 * nodes pruning at once only share the work.
 */
export function startArchivePruner(o: ArchivePrunerOptions): { stop(): Promise<void> } {
  let stopped = false;
  let busy = false;
  let current: Promise<void> = Promise.resolve();
  const prune = async (): Promise<void> => {
    const before = o.now() - o.retentionMs;
    let total = 0;
    for (;;) {
      const n = await o.archive.deleteAborted(before, BATCH);
      total += n;
      if (n < BATCH || stopped) break;
    }
    if (total > 0) o.logger.info({ deleted: total }, 'aborted games deleted from the archive');
  };
  const run = (): void => {
    if (busy) return;
    busy = true;
    current = prune()
      .catch((e: unknown) => {
        // after stop the database may be closing under the statement: nothing to report then
        if (!stopped) o.logger.warn({ err: e }, 'archive pruning failed');
      })
      .finally(() => {
        busy = false;
      });
  };
  run();
  const timer = setInterval(run, o.intervalMs);
  timer.unref();
  return {
    /**
     * No new look and no further batch; waits for the statement under way at most `STOP_WAIT_MS`
     * (a database that does not answer must not hold up the server's shutdown).
     */
    async stop() {
      stopped = true;
      clearInterval(timer);
      let waitTimer: NodeJS.Timeout | undefined;
      await Promise.race([current, new Promise<void>((resolve) => (waitTimer = setTimeout(resolve, STOP_WAIT_MS)))]);
      clearTimeout(waitTimer);
    },
  };
}
