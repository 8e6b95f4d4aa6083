/**
 * The lobby's `gameUpdated` events of games in progress, coalesced: a game whose turn changes
 * is marked, and every `intervalMs` each marked game is sent once with its latest summary (built
 * at that moment, so it carries the latest spectator count too). Hundreds of games changing turn
 * every second cost each lobby connection at most one update per game and interval, not one per
 * turn, and the nodes exchange one message per interval for all of them, not one per game (a burst
 * every interval that each node would decode even with nobody in its lobby). A game that leaves
 * the lobby (finished) is unmarked first, so no update follows its removal.
 *
 * Generic over what is marked (`T`, under a key: the latest mark of a key wins) and what is sent
 * (`Out`, made at the flush): the games' summaries (a doc per game id), and the changes of players'
 * own games (`lobby:myGameUpdated`/`Removed`, one per player and game).
 */
export class LobbyUpdates<T, Out> {
  private readonly pending = new Map<string, T>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    /** Sends one batch (one message between nodes, see `Publisher.publishLobbyUpdates`). */
    private readonly send: (batch: readonly Out[]) => void,
    private readonly outOf: (t: T) => Out,
    private readonly intervalMs: number,
  ) {}

  /** `key`'s facts changed (a game's turn): its latest `value` is sent at the next flush. */
  changed(key: string, value: T): void {
    if (this.intervalMs <= 0) return this.send([this.outOf(value)]);
    this.pending.set(key, value);
    if (this.timer) return;
    this.timer = setTimeout(() => this.flush(), this.intervalMs);
    this.timer.unref();
  }

  /** The game left the lobby: a pending update of it is dropped. */
  drop(key: string): void {
    this.pending.delete(key);
  }

  /** Sends every pending update now (the timer calls this; tests and shutdown may too). */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const marked = [...this.pending.values()];
    this.pending.clear();
    if (marked.length) this.send(marked.map((t) => this.outOf(t)));
  }
}
