import type { Logger } from 'pino';
import type { Publisher } from './publisher.js';

/** Games read per batch of a sweep asked for (the store pipelines each batch). */
const BATCH = 200;
/** Games read per step of a periodic sweep, whose steps are spread over half the interval. */
const PACED_BATCH = 25;

export interface HeartbeatDeps {
  readonly publisher: Publisher;
  /**
   * The game's committed version in the live store, or null when the store has no such game (a
   * store that cannot be reached rejects: never null then).
   */
  readonly versionOf: (gameId: string) => Promise<number | null>;
  /**
   * Whether the archive holds the game (finished games leave the live store after their grace and
   * are served from the archive); rejects when the archive cannot be reached. None: no archive.
   */
  readonly archived?: (gameId: string) => Promise<boolean>;
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
 * A game the live store no longer has is looked up in the archive: archived, it is finished for
 * good (nothing to announce); in neither, it is gone (a store restarted without persistence, an
 * expiry) and the room hears `game:gone` instead. Either way the game cannot change again (ids are
 * never reused, and a join of a gone game fails before its socket stays in the room), so this node
 * reads it no more while its room lasts here. A read that fails (store or archive unreachable)
 * decides nothing: the game is read again at the next sweep.
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

  /** Games of this node's rooms that left the live store for good (archived or gone): read no more. */
  const settled = new Set<string>();
  const beat = async (gameId: string): Promise<void> => {
    if (settled.has(gameId)) return;
    const version = await deps.versionOf(gameId);
    if (version !== null) return deps.publisher.heartbeatLocal({ gameId, version });
    const archived = (await deps.archived?.(gameId)) ?? false;
    settled.add(gameId);
    if (!archived) deps.publisher.goneLocal({ gameId });
  };
  const run = async (paced: boolean): Promise<void> => {
    hurry = !paced;
    const ids = deps.publisher.localGames();
    const here = new Set(ids);
    for (const id of settled) if (!here.has(id)) settled.delete(id);
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
