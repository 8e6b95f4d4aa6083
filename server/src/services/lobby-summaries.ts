import type { GameSummary } from '@progressive-chess/shared';
import { summaryOf, type GameDoc } from './game-doc.js';

/**
 * A game's lobby summary: the doc's facts (players, turn) plus this node's latest spectator count
 * of its room. The count's owner is the store (`Store.countSpectators`, written whenever a node
 * counts the room): the lobby's listing and its feed of turn changes read it from there
 * (game-lobby.ts), so a count made on another node is what they show.
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
