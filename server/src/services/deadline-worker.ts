import type { Logger } from 'pino';
import type { Store } from '../store/store.js';
import { throttledWarning } from '../throttled-log.js';

const CLAIM_BATCH = 100;

/**
 * Polls the store for due deadlines (clock flags, first-move aborts) every `tickMs` and resolves
 * each claimed game: the server ends games on time with no client traffic. Each deadline is
 * claimed by one node only (the store's atomic claim). A claim is a lease of `leaseMs`: the resolver
 * commits or settles it, and if this process dies first the game comes due again for another node
 * once the lease ends. Leases are short (a flag is late by at most lease + tick after a node's
 * death); a live claimer that outlasts its lease only races the next claimer, and the game's
 * compare-and-set lets one of them commit the flag.
 */
export function startDeadlineWorker(opts: {
  readonly store: Store;
  readonly tickMs: number;
  readonly leaseMs: number;
  readonly now: () => number;
  readonly resolve: (gameId: string, claimedUntil: number) => Promise<void>;
  readonly logger: Logger;
}): { stop(): Promise<void> } {
  let current: Promise<void> = Promise.resolve();
  let busy = false;
  const pollFailed = throttledWarning(opts.logger, 'deadline poll failed');
  const tick = async (): Promise<void> => {
    const now = opts.now();
    const ids = await opts.store.claimDueGames(now, CLAIM_BATCH, opts.leaseMs);
    await Promise.all(
      ids.map((id) => opts.resolve(id, now + opts.leaseMs).catch((e: unknown) => opts.logger.error({ err: e, gameId: id }, 'deadline'))),
    );
  };
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    current = tick()
      .catch(pollFailed)
      .finally(() => {
        busy = false;
      });
  }, opts.tickMs);
  return {
    async stop() {
      clearInterval(timer);
      await current;
    },
  };
}
