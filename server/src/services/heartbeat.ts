import type { Logger } from 'pino';
import type { Publisher } from './publisher.js';

/** Games read per batch of a sweep (the store pipelines each batch). */
const BATCH = 200;

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
 */
export function startHeartbeat(deps: HeartbeatDeps): Heartbeat {
  let running: Promise<void> | null = null;
  let again = false;

  const beat = async (gameId: string): Promise<void> => {
    const version = await deps.versionOf(gameId);
    if (version !== null) deps.publisher.heartbeatLocal({ gameId, version });
  };
  const run = async (): Promise<void> => {
    const ids = deps.publisher.localGames();
    for (let i = 0; i < ids.length; i += BATCH) await Promise.all(ids.slice(i, i + BATCH).map(beat));
  };
  /** One sweep at a time; a sweep asked for meanwhile runs once after it (it may know of a newer loss). */
  const sweep = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = run()
      .catch((e: unknown) => deps.logger.warn({ err: e }, 'heartbeat sweep failed'))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          void sweep();
        }
      });
    return running;
  };
  const timer = setInterval(() => void sweep(), deps.intervalMs);
  timer.unref();
  return {
    sweep,
    async stop() {
      clearInterval(timer);
      again = false;
      await running;
    },
  };
}
