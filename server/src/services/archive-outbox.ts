import type { GameRatingChanges } from '@progressive-chess/shared';
import type { Logger } from 'pino';
import type { Store, StoredGame } from '../store/store.js';
import { throttledWarning } from '../throttled-log.js';
import type { GameArchive } from './game-archive.js';

/** Waits between a finished game's archive tries: doubling from `firstMs` to `maxMs`. */
export interface ArchiveBackoff {
  readonly firstMs: number;
  readonly maxMs: number;
}

export const DEFAULT_ARCHIVE_BACKOFF: ArchiveBackoff = { firstMs: 2_000, maxMs: 60_000 };
/** Tries of one write when the game changed between its load and its mark (a rematch offer...). */
const MARK_ATTEMPTS = 3;
/** Games whose failures are counted at most (a game archived by another node is never heard of again here). */
const MAX_TRACKED = 10_000;

export interface ArchiveOutboxDeps {
  readonly store: Pick<Store, 'loadGame' | 'settleClaim'>;
  readonly archive: GameArchive;
  /** Marks the game archived with its rating changes (in the game's queue); false when it is no longer at `full.version`. */
  readonly markArchived: (full: StoredGame, ratings: GameRatingChanges | null) => Promise<boolean>;
  readonly now: () => number;
  readonly logger: Logger;
  readonly backoff?: ArchiveBackoff;
}

/**
 * Finished games on their way to the durable archive. A finished game stays due in the store until
 * it is archived (the outbox); when the deadline worker claims it, the claim is settled at the time
 * of the next try (a lease: another node takes the game then if this one is gone) and the write
 * runs in the background: never in the worker's tick or the game's queue, so a database that hangs
 * delays no clock. A failed write backs off per game (exponential, capped) behind one throttled warning.
 */
export class ArchiveOutbox {
  private readonly running = new Map<string, Promise<void>>();
  private readonly failures = new Map<string, number>();
  private readonly warn: (e: unknown) => void;
  private readonly backoff: ArchiveBackoff;
  private closed = false;

  constructor(private readonly deps: ArchiveOutboxDeps) {
    this.backoff = deps.backoff ?? DEFAULT_ARCHIVE_BACKOFF;
    this.warn = throttledWarning(deps.logger, 'archive write failed (database unavailable?): finished games wait in the store, retried with back-off', 30_000);
  }

  /** The wait before the next try of a game that failed `n` times in a row. */
  delay(n: number): number {
    return Math.min(this.backoff.firstMs * 2 ** n, this.backoff.maxMs);
  }

  /** Writes in flight. */
  get pending(): number {
    return this.running.size;
  }

  /** The finished game `gameId` came due, claimed until `claimedUntil`: moves the claim to the next try, starts a write unless one runs. */
  async due(gameId: string, claimedUntil: number): Promise<void> {
    const retryAt = this.deps.now() + this.delay(this.failures.get(gameId) ?? 0);
    await this.deps.store.settleClaim(gameId, claimedUntil, retryAt);
    if (this.closed || this.running.has(gameId)) return;
    const write = this.write(gameId).finally(() => this.running.delete(gameId));
    this.running.set(gameId, write);
  }

  private async write(gameId: string): Promise<void> {
    try {
      for (let attempt = 0; attempt < MARK_ATTEMPTS && !this.closed; attempt++) {
        const full = await this.deps.store.loadGame(gameId);
        // gone from the store, or archived meanwhile (by another node): nothing to do
        if (full === null || (await this.deps.markArchived(full, await this.deps.archive.archive(full)))) break;
      }
      this.failures.delete(gameId);
    } catch (e) {
      const n = (this.failures.get(gameId) ?? 0) + 1;
      this.failures.delete(gameId);
      if (this.failures.size >= MAX_TRACKED) this.failures.delete(this.failures.keys().next().value ?? '');
      this.failures.set(gameId, n);
      this.warn(e);
    }
  }

  /** Resolves when the writes in flight now have ended (tests). */
  async idle(): Promise<void> {
    await Promise.allSettled(this.running.values());
  }

  /**
   * Stops taking games and waits for the writes in flight, at most `boundMs`: past it they are left
   * (each game stays due in the store and is archived by the next node to claim it).
   */
  async close(boundMs: number): Promise<void> {
    this.closed = true;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, boundMs);
    });
    await Promise.race([this.idle(), late]);
    clearTimeout(timer);
  }
}
