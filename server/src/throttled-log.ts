import type { Logger } from 'pino';

/**
 * A warning for failures that repeat many times a second while a dependency is down (publishes,
 * deadline polls): logged at most once per `everyMs`, with the count of failures it stands for.
 */
export function throttledWarning(logger: Logger | undefined, msg: string, everyMs = 5_000): (err: unknown) => void {
  let last = -Infinity;
  let suppressed = 0;
  return (err) => {
    const now = performance.now();
    if (now - last < everyMs) {
      suppressed++;
      return;
    }
    logger?.warn({ err, suppressed }, msg);
    last = now;
    suppressed = 0;
  };
}
