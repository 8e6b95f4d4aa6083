import type { Logger } from 'pino';
import type { Store } from '../store/store.js';
import { throttledWarning } from '../throttled-log.js';

const CLAIM_BATCH = 100;

export interface DeadlineWorker {
  /** This node wrote a deadline at `at` (a commit, a settled claim): the worker looks then, if it would sleep past it. */
  nudge(at: number): void;
  stop(): Promise<void>;
}

/**
 * Claims the store's due deadlines (clock flags, first-move aborts, absences, the computer's turn)
 * and resolves each claimed game: the server ends games on time with no client traffic. Each
 * deadline is claimed by one node only (the store's atomic claim). A claim is a lease of
 * `leaseMs`: the resolver commits or settles it, and if this process dies first the game comes due
 * again for another node once the lease ends; a live claimer that outlasts its lease only races the
 * next claimer, and the game's compare-and-set lets one of them commit the flag.
 *
 * It does not ask the store every tick. Each claim also says when the earliest deadline left falls,
 * and the worker sleeps until then: at least `tickMs` (the most often it asks, and how late a flag
 * may be), at most `idleMs`. The deadlines this node writes wake it (`nudge`); another node's wake
 * that node, and when it dies before its deadline the others find it within `idleMs` (then its
 * lease, when it died holding a claim). An idle node used to ask 25 times a second.
 */
export function startDeadlineWorker(opts: {
  readonly store: Pick<Store, 'claimDueGames'>;
  readonly tickMs: number;
  /** The longest sleep (at least `tickMs`). */
  readonly idleMs: number;
  readonly leaseMs: number;
  readonly now: () => number;
  readonly resolve: (gameId: string, claimedUntil: number) => Promise<void>;
  readonly logger: Logger;
}): DeadlineWorker {
  const { tickMs } = opts;
  const idleMs = Math.max(opts.idleMs, tickMs);
  const pollFailed = throttledWarning(opts.logger, 'deadline poll failed');
  let current: Promise<void> = Promise.resolve();
  let busy = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  /** When the timer fires (performance.now()); Infinity while a poll runs or after stop. */
  let wakeAt = Infinity;
  /** The earliest deadline nudged while a poll ran (its claim may have been read before the write). */
  let nudged: number | null = null;

  const sleepFor = (at: number | null): number => (at === null ? idleMs : Math.min(idleMs, Math.max(tickMs, at - opts.now())));
  const schedule = (ms: number): void => {
    clearTimeout(timer);
    if (stopped) return;
    wakeAt = performance.now() + ms;
    timer = setTimeout(poll, ms);
  };
  /** One claim and its resolutions; the sleep that follows. */
  const claim = async (): Promise<number> => {
    const now = opts.now();
    const due = await opts.store.claimDueGames(now, CLAIM_BATCH, opts.leaseMs);
    await Promise.all(
      due.ids.map((id) => opts.resolve(id, now + opts.leaseMs).catch((e: unknown) => opts.logger.error({ err: e, gameId: id }, 'deadline'))),
    );
    // a full batch may have left more due now
    return due.ids.length >= CLAIM_BATCH ? tickMs : sleepFor(due.next);
  };
  function poll(): void {
    busy = true;
    wakeAt = Infinity;
    nudged = null;
    current = claim()
      .catch((e: unknown) => {
        pollFailed(e);
        return tickMs;
      })
      .then((ms) => {
        busy = false;
        schedule(nudged === null ? ms : Math.min(ms, sleepFor(nudged)));
      });
  }
  schedule(tickMs);
  return {
    nudge(at) {
      if (stopped) return;
      if (busy) {
        nudged = nudged === null ? at : Math.min(nudged, at);
        return;
      }
      const ms = sleepFor(at);
      // only ever earlier: a stream of nudges cannot put the next look off
      if (performance.now() + ms < wakeAt) schedule(ms);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      wakeAt = Infinity;
      await current;
    },
  };
}
