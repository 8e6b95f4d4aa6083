import type { Logger } from 'pino';

/**
 * Process-level policy for errors that escaped every handler (installed by the entry point only):
 *
 * - `unhandledRejection`: logged (error level, with the reason) and the process keeps serving.
 *   Such a rejection is a promise nobody awaited (a fire-and-forget broadcast, a timer's task): the
 *   work it stood for is lost, but no state is half-written, since every game change is one atomic
 *   store commit. Counted, so a flood of them shows in the logs.
 * - `uncaughtException`: logged (fatal), then a graceful shutdown bounded by `graceMs`, then exit 1.
 *   A synchronous throw may have left in-memory bookkeeping inconsistent; the supervisor restarts the
 *   node, games live in the store, and clients reconnect and resync.
 */
export function installProcessGuards(logger: Logger, shutdown: () => Promise<void>, graceMs = 5_000): void {
  let rejections = 0;
  process.on('unhandledRejection', (reason: unknown) => {
    rejections++;
    logger.error({ err: reason, unhandledRejections: rejections }, 'unhandled rejection (the node keeps serving)');
  });
  let failing = false;
  process.on('uncaughtException', (err: Error, origin: string) => {
    logger.fatal({ err, origin }, 'uncaught exception: shutting down');
    if (failing) return;
    failing = true;
    const timer = setTimeout(() => process.exit(1), graceMs);
    timer.unref();
    shutdown().finally(() => process.exit(1));
  });
}
