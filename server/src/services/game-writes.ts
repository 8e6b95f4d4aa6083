import type { GameWrite, Relay } from '../store/store.js';
import type { GameArchive } from './game-archive.js';
import { deadlineUpdate, docJson, dueOf, type Due, type GameDoc } from './game-doc.js';
import type { Transition } from './game-transitions.js';
import { listed } from './lobby-listing.js';
import type { LobbySummaries } from './lobby-summaries.js';

export interface GameWritesOptions {
  /** The durable archive: a finished game stays due until it is archived, then expires after its grace. */
  readonly archive?: GameArchive;
  /** How long an aborted game (no result) is kept when there is no archive to wait for. */
  readonly abortedRetentionMs: number;
  readonly summaries: LobbySummaries;
  /** When a game whose players all left leaves the lobby's list (limits.ts `lobbyAwayMs`). */
  readonly lobbyAwayMs: number;
}

/**
 * What the store is told to write for a game's doc: the doc, the move-log entries, and of the
 * indexes (deadline, listing) and the expiry only what changed from the previous doc.
 */
export class GameWrites {
  constructor(private readonly o: GameWritesOptions) {}

  /** A finished game not yet in the archive (its deadline stays due until it is: the outbox). */
  archiveDue(doc: GameDoc): boolean {
    return this.o.archive !== undefined && doc.status === 'finished' && doc.archived !== true;
  }

  /**
   * The store write of `doc` after `prev` (none: a new game). What did not change from `prev` is
   * left as the store has it: the listed summary, the deadline entry (`deadlineUpdate`), the expiry.
   */
  of(doc: GameDoc, moves: Transition['moves'], prev?: GameDoc, relay?: Relay | null, truncate?: number): GameWrite {
    const isListed = listed(doc);
    const changed = prev === undefined || listed(prev) !== isListed || prev.turn !== doc.turn || prev.takebacks !== doc.takebacks;
    const due = this.due(doc);
    const expiry = this.expiry(doc);
    return {
      doc: docJson(doc),
      appendMoves: moves.map((m) => JSON.stringify(m)),
      ...(truncate === undefined ? {} : { truncateMoves: truncate }),
      deadline: prev === undefined ? due.at : deadlineUpdate(this.due(prev), due),
      // a private game is never listed: nothing to take off the listing after its first write
      summary: !isListed ? (prev !== undefined && doc.private === true ? undefined : null) : changed ? JSON.stringify(this.o.summaries.of(doc)) : undefined,
      // a new game is kept, and so is one whose previous write kept it
      expireAfterMs: expiry === null && (prev === undefined || this.expiry(prev) === null) ? undefined : expiry,
      ...(relay ? { relay } : {}),
    };
  }

  /**
   * Archived games leave the live store after the archive's grace (ms); aborted games (no result)
   * are not kept for replay either (without an archive). Null: kept.
   */
  private expiry(doc: GameDoc): number | null {
    if (doc.archived === true && this.o.archive) return this.o.archive.graceMs;
    if (doc.outcome?.reason === 'aborted' && !this.archiveDue(doc)) return this.o.abortedRetentionMs;
    return null;
  }

  /** When the deadline worker must look at the game: a finished game stays due until it is archived (the archive's outbox). */
  private due(doc: GameDoc): Due {
    return this.archiveDue(doc) ? { at: doc.createdAt, idle: false } : dueOf(doc, this.o.lobbyAwayMs);
  }
}
