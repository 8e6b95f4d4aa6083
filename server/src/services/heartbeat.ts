import type { Logger } from 'pino';
import type { Publisher } from './publisher.js';

/** Games read per batch of a sweep asked for (the store pipelines each batch). */
const BATCH = 200;
/** Games read per step of a periodic sweep, whose steps are spread over half the interval. */
const PACED_BATCH = 25;

export interface HeartbeatDeps {
  readonly publisher: Publisher;
  /** The game's committed version in the store, or null when it is gone. */
  readonly versionOf: (gameId: string) => Promise<number | null>;
  readonly intervalMs: number;
  readonly logger: Logger;
}

export interface Heartbeat {
  /** Sends every game room of this node its stored version now (e.g. after a reconnection to Redis). */
  sweep(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The version heartbeat: every `intervalMs`, and whenever `sweep` is called, each node tells its
 * own connections in each game room the game's version as stored. Events can be lost between
 * nodes (a Redis restart drops what was published while a subscriber was away), and the last
 * event of a game leaves no gap to notice: the heartbeat lets a client see that it is behind and
 * resync. Versions are read from the store, never from this node's copies, so they are the truth.
 *
 * A periodic sweep is paced: its rooms are read `PACED_BATCH` at a time, the steps spread over half
 * the interval, so hundreds of rooms never cost one burst of reads and emits that would hold up the
 * moves arriving meanwhile. A sweep asked for (after a Redis reconnection) runs at once, and hurries
 * a paced sweep under way (its remaining rooms are read without pauses).
 */
export function startHeartbeat(deps: HeartbeatDeps): Heartbeat {
  let running: Promise<void> | null = null;
  let again = false;
  /** Set while a paced sweep must finish without pauses (a sweep was asked for, or the heartbeat stops). */
  let hurry = false;
  let wake: (() => void) | null = null;
  const pause = (ms: number): Promise<void> =>
    new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      timer.unref();
      function done(): void {
        clearTimeout(timer);
        wake = null;
        resolve();
      }
      wake = done;
    });

  const beat = async (gameId: string): Promise<void> => {
    const version = await deps.versionOf(gameId);
    if (version !== null) deps.publisher.heartbeatLocal({ gameId, version });
  };
  const run = async (paced: boolean): Promise<void> => {
    hurry = !paced;
    const ids = deps.publisher.localGames();
    const steps = Math.ceil(ids.length / PACED_BATCH);
    const gapMs = steps > 1 ? deps.intervalMs / 2 / steps : 0;
    for (let i = 0; i < ids.length; ) {
      const size = hurry ? BATCH : PACED_BATCH;
      await Promise.all(ids.slice(i, i + size).map(beat));
      i += size;
      if (!hurry && gapMs > 0 && i < ids.length) await pause(gapMs);
    }
  };
  /** One sweep at a time; a sweep asked for meanwhile runs once after it (it may know of a newer loss). */
  const start = (paced: boolean): Promise<void> => {
    if (running) {
      if (paced) return running;
      again = true;
      hurry = true;
      wake?.();
      // resolves when the sweep asked for has run (it starts as soon as this one ends)
      return running.then(() => running ?? undefined);
    }
    running = run(paced)
      .catch((e: unknown) => deps.logger.warn({ err: e }, 'heartbeat sweep failed'))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          void start(false);
        }
      });
    return running;
  };
  const timer = setInterval(() => void start(true), deps.intervalMs);
  timer.unref();
  return {
    sweep: () => start(false),
    async stop() {
      clearInterval(timer);
      again = false;
      hurry = true;
      wake?.();
      await running;
    },
  };
}
