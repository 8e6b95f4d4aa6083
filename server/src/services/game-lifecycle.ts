import { colorOfTurn, type Color, type GameRatingChanges, type Outcome } from '@progressive-chess/shared';
import type { Logger } from 'pino';
import type { GameDoc } from './game-doc.js';

/*
 * A game's life as domain events: what the game service committed, told to whoever subscribed where
 * the app is composed (createApp: the lobby's listing, the players' own games, their turn notices,
 * the release of their places...). The service knows no subscriber.
 *
 * Guarantee: the node that wins a commit's compare-and-set emits its one event, after the commit,
 * in commit order per game (the game's queue), once; a lost compare-and-set emits nothing. It is
 * in-process: a node that dies between a commit and its emit loses that event, so a consumer that
 * must not miss one reconciles from the store (as the archive does: a finished game stays due in
 * the deadline queue until it is archived; the computer's turn is a due deadline too).
 */

/** A game was created (version 1). */
export interface GameStarted {
  readonly type: 'started';
  readonly doc: GameDoc;
  readonly version: 1;
}

/** A series ended: the turn passed to `toMove` (`playerToMove` is that seat's player id; the computer's in a bot game). */
export interface TurnEnded {
  readonly type: 'turn-ended';
  readonly doc: GameDoc;
  readonly prev: GameDoc;
  readonly version: number;
  readonly toMove: Color;
  readonly playerToMove: string;
}

/** The game ended (mate, resignation, flag, abort, agreed draw...): `outcome` says how. */
export interface GameFinished {
  readonly type: 'finished';
  readonly doc: GameDoc;
  readonly prev: GameDoc;
  readonly version: number;
  readonly outcome: Outcome;
}

/** The finished game is in the durable archive, with its rating changes (null: unrated). */
export interface GameArchived {
  readonly type: 'archived';
  readonly doc: GameDoc;
  readonly prev: GameDoc;
  readonly version: number;
  readonly ratings: GameRatingChanges | null;
}

/**
 * Any other commit: a move within a series, an offer, a player leaving or coming back, the lobby's
 * listing of the game (the lobby needs these: `listed` may change), time given.
 */
export interface GameChanged {
  readonly type: 'changed';
  readonly doc: GameDoc;
  readonly prev: GameDoc;
  readonly version: number;
}

export type LifecycleEvent = GameStarted | TurnEnded | GameFinished | GameArchived | GameChanged;
export type LifecycleType = LifecycleEvent['type'];
/** A subscriber; what it throws (or its promise rejects with) is logged, never the commit's or another subscriber's business. */
export type LifecycleListener<E extends LifecycleEvent = LifecycleEvent> = (event: E) => void | Promise<void>;

/** The one event of a commit from `prev` to `doc` at `version`. */
export function lifecycleEventOf(doc: GameDoc, prev: GameDoc, version: number): LifecycleEvent {
  if (doc.status !== 'playing' && prev.status === 'playing' && doc.outcome !== null) {
    return { type: 'finished', doc, prev, version, outcome: doc.outcome };
  }
  if (doc.archived === true && prev.archived !== true) return { type: 'archived', doc, prev, version, ratings: doc.ratings ?? null };
  if (doc.status === 'playing' && doc.turn !== prev.turn) {
    const toMove = colorOfTurn(doc.turn);
    return { type: 'turn-ended', doc, prev, version, toMove, playerToMove: doc.players[toMove].id };
  }
  return { type: 'changed', doc, prev, version };
}

/** The subscribers of games' events on this node, each called in the order it subscribed. */
export class GameLifecycle {
  private listeners: readonly LifecycleListener[] = [];

  constructor(private readonly logger: Logger) {}

  /** Hears every event from now on; returns its unsubscribe. */
  subscribe(listener: LifecycleListener): () => void {
    this.listeners = [...this.listeners, listener];
    return () => {
      this.listeners = this.listeners.filter((l) => l !== listener);
    };
  }

  /** Hears the events of one type only (e.g. `on('finished', ...)`); returns its unsubscribe. */
  on<T extends LifecycleType>(type: T, listener: LifecycleListener<Extract<LifecycleEvent, { type: T }>>): () => void {
    return this.subscribe((e) => (e.type === type ? listener(e as Extract<LifecycleEvent, { type: T }>) : undefined));
  }

  /** Tells every subscriber (the game service, after a won commit). A subscriber's failure is logged and stops nothing. */
  emit(event: LifecycleEvent): void {
    for (const listener of this.listeners) {
      try {
        const done = listener(event);
        if (done instanceof Promise) done.catch((e: unknown) => this.failed(e, event));
      } catch (e) {
        this.failed(e, event);
      }
    }
  }

  private failed(err: unknown, event: LifecycleEvent): void {
    this.logger.error({ err, gameId: event.doc.id, event: event.type, version: event.version }, 'game lifecycle subscriber failed');
  }
}
