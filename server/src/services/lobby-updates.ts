import type { GameSummary } from '@progressive-chess/shared';
import type { GameDoc } from './game-doc.js';

/**
 * The lobby's `gameUpdated` events of games in progress, coalesced: a game whose turn changes
 * is marked, and every `intervalMs` each marked game is sent once with its latest summary (built
 * at that moment, so it carries the latest spectator count too). Hundreds of games changing turn
 * every second cost each lobby connection at most one update per game and interval, not one per
 * turn, and the nodes exchange one message per interval for all of them, not one per game (a burst
 * every interval that each node would decode even with nobody in its lobby). A game that leaves
 * the lobby (finished) is unmarked first, so no update follows its removal.
 */
export class LobbyUpdates {
  private readonly pending = new Map<string, GameDoc>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    /** Sends one batch (one message between nodes, see `Publisher.publishLobbyUpdates`). */
    private readonly send: (summaries: readonly GameSummary[]) => void,
    private readonly summaryOf: (doc: GameDoc) => GameSummary,
    private readonly intervalMs: number,
  ) {}

  /** The game's listed facts changed (its turn): it is sent at the next flush. */
  changed(doc: GameDoc): void {
    if (this.intervalMs <= 0) return this.send([this.summaryOf(doc)]);
    this.pending.set(doc.id, doc);
    if (this.timer) return;
    this.timer = setTimeout(() => this.flush(), this.intervalMs);
    this.timer.unref();
  }

  /** The game left the lobby: a pending update of it is dropped. */
  drop(gameId: string): void {
    this.pending.delete(gameId);
  }

  /** Sends every pending update now (the timer calls this; tests and shutdown may too). */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const docs = [...this.pending.values()];
    this.pending.clear();
    if (docs.length) this.send(docs.map((doc) => this.summaryOf(doc)));
  }
}
