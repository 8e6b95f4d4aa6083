import type { Logger } from 'pino';
import type { Store } from '../store/store.js';
import type { GameLifecycle, LifecycleListener } from './game-lifecycle.js';
import type { GameLobby } from './game-lobby.js';
import { releaseEnded } from './game-reservations.js';
import { LobbyUpdates } from './lobby-updates.js';
import { myGameChanges } from './my-games.js';
import type { MyGameChange, Publisher } from './publisher.js';

/*
 * What a game's start, turns and end change beyond its own room, each a subscriber of the game
 * lifecycle (game-lifecycle.ts), registered by createApp through `subscribeGameOutputs`.
 */

/** The lobby's games in progress: a new game is added; a commit lists it again, takes it off or changes its turn. */
export const lobbyListing =
  (lobby: GameLobby): LifecycleListener =>
  (e) =>
    e.type === 'started' ? lobby.started(e.doc) : lobby.committed(e.doc, e.prev);

/** The players' seats in a new game (`game:start`), and the turn passed to a player: their node may load the game ahead of their next command. */
export const playerNotices =
  (publisher: Publisher): LifecycleListener =>
  (e) => {
    if (e.type === 'started') {
      const t = e.doc.tournamentId;
      for (const color of ['white', 'black'] as const) {
        publisher.toPlayer(e.doc.players[color].id, 'game:start', { gameId: e.doc.id, color, ...(t === undefined ? {} : { tournamentId: t }) });
      }
    } else if (e.type === 'turn-ended') {
      publisher.announceTurn({ gameId: e.doc.id, version: e.version, playerId: e.playerToMove });
    }
  };

/** The players' own games ("Your games"): an entry per start and turn, a removal per end, coalesced per player and game each lobby batch. */
export function myGamesFeed(publisher: Publisher, batchMs: number): { readonly listener: LifecycleListener; flush(): void } {
  const updates = new LobbyUpdates<MyGameChange, MyGameChange>((changes) => publisher.publishMyGameChanges(changes), (c) => c, batchMs);
  return {
    listener: (e) => {
      for (const c of myGameChanges(e.doc, e.type === 'started' ? undefined : e.prev)) updates.changed(`${c.playerId} ${c.gameId}`, c);
    },
    flush: () => updates.flush(),
  };
}

/** A finished game releases its players' places (game-reservations.ts); starts and ends are logged. */
export const placesAndLog =
  (store: Store, logger: Logger): LifecycleListener =>
  (e) => {
    const { doc } = e;
    if (e.type === 'started') {
      const { white, black } = doc.players;
      logger.info({ gameId: doc.id, variant: doc.variant, timeControl: doc.timeControl.kind, white: white.id, black: black.id }, 'game started');
    } else if (e.type === 'finished') {
      releaseEnded(store, logger, doc);
      logger.info({ gameId: doc.id, result: e.outcome.result, reason: e.outcome.reason, turn: doc.turn }, 'game over');
    }
  };

export interface GameOutputsDeps {
  readonly lifecycle: GameLifecycle;
  readonly lobby: GameLobby;
  readonly publisher: Publisher;
  readonly store: Store;
  readonly logger: Logger;
  readonly lobbyBatchMs: number;
}

/** Subscribes the app's own outputs of games, in the order they publish; `flush` sends the batched ones now (shutdown, tests). */
export function subscribeGameOutputs(deps: GameOutputsDeps): { flush(): Promise<void>; unsubscribe(): void } {
  const myGames = myGamesFeed(deps.publisher, deps.lobbyBatchMs);
  const unsubscribes = [lobbyListing(deps.lobby), playerNotices(deps.publisher), myGames.listener, placesAndLog(deps.store, deps.logger)].map((l) =>
    deps.lifecycle.subscribe(l),
  );
  return {
    async flush() {
      await deps.lobby.flush();
      myGames.flush();
    },
    unsubscribe: () => unsubscribes.forEach((u) => u()),
  };
}
