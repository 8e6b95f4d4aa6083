import type { GameSummary } from '@progressive-chess/shared';
import { summaryOf, type GameDoc } from './game-doc.js';

/**
 * The one owner of a game's lobby summary: the doc's facts (players, turn) plus the live
 * spectator count, which the room service reports whenever it counts the room. Commits
 * (a move, a new turn) and room changes both build their summary here, so a move never
 * resets the count. Counts are this node's latest knowledge (each node counts the room,
 * across nodes, on every join or leave it handles).
 */
export class LobbySummaries {
  private readonly spectators = new Map<string, number>();

  /** The summary of a running game with the latest spectator count known. */
  of(doc: GameDoc): GameSummary {
    return summaryOf(doc, this.spectators.get(doc.id) ?? 0);
  }

  /** Records a fresh count of the room; returns the summary to broadcast. */
  counted(doc: GameDoc, spectators: number): GameSummary {
    if (doc.status === 'playing') this.spectators.set(doc.id, spectators);
    else this.spectators.delete(doc.id);
    return summaryOf(doc, spectators);
  }

  /** The game left the lobby (finished): its count is no longer needed. */
  forget(gameId: string): void {
    this.spectators.delete(gameId);
  }
}
