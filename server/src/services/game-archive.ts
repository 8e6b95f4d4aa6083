import { reallyStarted, type GameRatingChanges, type GameState, type MoveRecord } from '@progressive-chess/shared';
import type { ArchiveRepo } from '../db/archive-repo.js';
import type { StoredGame } from '../store/store.js';
import { parseDoc, parseMoves, type GameDoc } from './game-doc.js';
import type { Transition } from './game-transitions.js';

/** The durable side of finished games, as the game service sees it. */
export interface GameArchive {
  /** Writes the finished game (idempotent by id) with its rating change, applied once; returns that change. */
  archive(stored: StoredGame): Promise<GameRatingChanges | null>;
  /** An archived game in the live store's shape (doc marked archived, with its ratings). */
  load(id: string): Promise<StoredGame | null>;
  /** How long an archived game stays in the live store (rematches, late viewers). */
  readonly graceMs: number;
  /** Deletes up to `limit` aborted games archived before `endedBefore`; returns how many. */
  deleteAborted(endedBefore: number, limit: number): Promise<number>;
}

/** Turns completed: series that ended (a pass of a cost turn ends one too). */
function completedTurns(moves: readonly MoveRecord[], doc: GameDoc): number {
  return moves.filter((m) => m.turnEnded).length + doc.passes.length;
}

/** Whether a finished game changes ratings: rated seek, a result (not aborted), really started (shared rules). */
export function isRatedResult(doc: GameDoc, moves: readonly MoveRecord[]): boolean {
  return (
    doc.rated === true &&
    doc.outcome !== null &&
    doc.outcome.result !== null &&
    doc.outcome.reason !== 'aborted' &&
    reallyStarted(completedTurns(moves, doc))
  );
}

/** The transition that marks a game archived and tells the room its rating changes. */
export function archivedTransition(doc: GameDoc, state: GameState, ratings: GameRatingChanges | null): Transition {
  return { doc: { ...doc, archived: true, ratings }, state, moves: [], body: { type: 'archived', ratings } };
}

/** The archive on its repository (what follows an archived game hears it from the game lifecycle's `archived`). */
export function createGameArchive(repo: ArchiveRepo, now: () => number, graceMs: number): GameArchive {
  return {
    graceMs,
    async archive(stored) {
      const doc = parseDoc(stored.doc);
      if (doc.outcome === null) throw new Error(`game ${stored.id} is not finished`);
      const moves = parseMoves(stored.moves);
      const res = await repo.archive(
        {
          id: stored.id,
          variant: doc.variant,
          rated: isRatedResult(doc, moves),
          white: doc.players.white,
          black: doc.players.black,
          result: doc.outcome.result,
          reason: doc.outcome.reason,
          // the last turn played (a mate or stalemate leaves the doc at the next turn, never played)
          turns: moves.at(-1)?.turn ?? 0,
          createdAt: doc.createdAt,
          // Archived within a deadline tick of the end (a lease later if a node died meanwhile).
          endedAt: now(),
          version: stored.version,
          doc: stored.doc,
          moves: stored.moves,
        },
        now(),
      );
      return res.ratings;
    },
    deleteAborted: (endedBefore, limit) => repo.deleteAborted(endedBefore, limit),
    async load(id) {
      const rec = await repo.get(id);
      if (rec === null) return null;
      const doc: GameDoc = { ...parseDoc(rec.doc), archived: true, ratings: rec.ratings };
      return { id: rec.id, version: rec.version, doc: JSON.stringify(doc), moves: rec.moves };
    },
  };
}
