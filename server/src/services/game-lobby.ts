import type { GameSummary } from '@progressive-chess/shared';
import type { Store } from '../store/store.js';
import type { GameDoc } from './game-doc.js';
import { listed } from './lobby-listing.js';
import { LobbySummaries } from './lobby-summaries.js';
import { LobbyUpdates } from './lobby-updates.js';
import type { Publisher } from './publisher.js';

/**
 * What the lobby's games in progress hear of a game: its start, a commit that lists it again, takes
 * it off or changes its turn (coalesced), and its room's spectator count (written to the store's
 * listing first, the count's one owner, so a lobby read after it shows it). Whether a game is
 * listed at all is `listed` (lobby-listing.ts), for every one of these.
 */
export class GameLobby {
  /** Lobby summaries with their live counts (the room service reports the counts). */
  readonly summaries = new LobbySummaries();
  /** Turn changes reach the lobby coalesced per game. */
  private readonly updates: LobbyUpdates<GameDoc, GameSummary>;
  /** Lobby updates on their way (read the counts, then publish): what `flush` waits for. */
  private readonly sending = new Set<Promise<void>>();

  constructor(
    private readonly publisher: Publisher,
    private readonly store: Store,
    batchMs: number,
  ) {
    this.updates = new LobbyUpdates((s) => this.publishCounted(s), (doc) => this.summaries.of(doc), batchMs);
  }

  started(doc: GameDoc): void {
    if (listed(doc)) this.publisher.publishLobby('lobby:gameAdded', this.summaries.of(doc));
  }

  /** After a commit from `prev` to `doc`: the game leaves the list, comes back, or changed turn. */
  committed(doc: GameDoc, prev: GameDoc): void {
    const was = listed(prev);
    const is = listed(doc);
    if (was && !is) {
      if (doc.status !== 'playing') this.summaries.forget(doc.id);
      this.updates.drop(doc.id);
      this.publisher.publishLobby('lobby:gameRemoved', { gameId: doc.id });
    } else if (is && !was) {
      this.publisher.publishLobby('lobby:gameAdded', this.summaries.of(doc));
    } else if (is && doc.turn !== prev.turn) {
      this.updates.changed(doc.id, doc);
    }
  }

  /** The room of a game was counted (on whichever node): a listed game's count is written to the store, its one owner, then published. */
  async counted(doc: GameDoc, spectators: number): Promise<void> {
    const summary = this.summaries.counted(doc, spectators);
    if (!listed(doc)) return;
    await this.store.countSpectators(doc.id, spectators);
    this.publisher.publishLobby('lobby:gameUpdated', summary);
  }

  /** Turn changes go out with the counts of the store (another node may have counted the room); as they are when it cannot answer. */
  private publishCounted(summaries: readonly GameSummary[]): void {
    const sent = this.store
      .spectatorsOf(summaries.map((s) => s.id))
      .then(
        (counts) => summaries.map((s, i) => ({ ...s, spectators: counts[i] ?? s.spectators })),
        () => summaries,
      )
      .then((counted) => this.publisher.publishLobbyUpdates(counted))
      .catch(() => undefined)
      .finally(() => this.sending.delete(sent));
    this.sending.add(sent);
  }

  /** Sends the pending updates now; resolves once they are published (shutdown). */
  async flush(): Promise<void> {
    this.updates.flush();
    await Promise.all(this.sending);
  }
}
