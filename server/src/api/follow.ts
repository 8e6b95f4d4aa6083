import type { ChatMessage } from '@progressive-chess/shared';
import type { MyGameChange, PlayerEvents as PlayerEventMap, Publisher } from '../services/publisher.js';

/**
 * What the API's streams depend on to hear of game and player events, whatever node committed
 * them. Two small interfaces, so that they can later be re-based on a game-lifecycle hook.
 */
export interface GameEvents {
  /** `listener(version)` whenever the game's committed version moved past the last one told. Returns the unfollow. */
  follow(gameId: string, from: number, listener: (version: number) => void): () => void;
  /** `listener` for each line of the game's players' chat. Returns the unfollow. */
  followChat(gameId: string, listener: (m: ChatMessage) => void): () => void;
}

/** The player events the event stream turns into lines. */
export type FollowedPlayerEvent =
  | { readonly event: 'game:start'; readonly payload: Parameters<PlayerEventMap['game:start']>[0] }
  | { readonly event: 'challenge:received'; readonly payload: Parameters<PlayerEventMap['challenge:received']>[0] }
  | { readonly event: 'challenge:removed'; readonly payload: Parameters<PlayerEventMap['challenge:removed']>[0] }
  | { readonly event: 'challenge:declined'; readonly payload: Parameters<PlayerEventMap['challenge:declined']>[0] }
  | { readonly event: 'game:finish'; readonly payload: { readonly gameId: string } };

export interface PlayerEvents {
  follow(playerId: string, listener: (e: FollowedPlayerEvent) => void): () => void;
}

const FOLLOWED = new Set<string>(['game:start', 'challenge:received', 'challenge:removed', 'challenge:declined']);

/** How the followers reach the other nodes (Socket.IO `serverSideEmit` through the Redis adapter). */
export interface CrossNode {
  /** Sends a player event to the other nodes' followers. */
  sendPlayerEvent(playerId: string, e: FollowedPlayerEvent): void;
  /** Sends a players' chat line to the other nodes' followers. */
  sendChat(m: ChatMessage): void;
  /** Hears the game's events committed on other nodes, by version, while followed here. Returns the unwatch. */
  watchGame(gameId: string, onVersion: (version: number) => void): () => void;
  /** Wires the other nodes' messages in: player events, turn notices (where games are not watched), own-games changes. */
  listen(h: {
    playerEvent: (playerId: string, e: FollowedPlayerEvent) => void;
    turn: (gameId: string, version: number) => void;
    myGames: (changes: readonly MyGameChange[]) => void;
    chat: (m: ChatMessage) => void;
  }): void;
}

export interface FollowersOptions {
  /** The game's committed version in the live store (null: no longer there). */
  readonly versionOf: (gameId: string) => Promise<number | null>;
  /** Every followed game's version is read this often (the safety net for events lost or never relayed). */
  readonly pollMs: number;
  readonly crossNode: CrossNode | null;
  readonly onError: (e: unknown) => void;
}

export interface Followers {
  readonly games: GameEvents;
  readonly players: PlayerEvents;
  /** The publisher, wrapped: what it publishes here is also told to this node's followers (and, for player events, the other nodes'). */
  observe(inner: Publisher): Publisher;
  /** A chat line was published here: told to this node's followers of the game and the other nodes'. */
  chatPublished(m: ChatMessage): void;
  close(): void;
}

interface Watch {
  last: number;
  readonly listeners: Set<(version: number) => void>;
  /** Ends the other nodes' events of the game (`CrossNode.watchGame`). */
  readonly unwatch: () => void;
}

/**
 * Game and player events for the API streams, on what exists now. A game is followed by its
 * version: this node's own commits and the other nodes' events of the game (`watchGame`) wake a
 * follower at once, and every followed game's version is read from the store every `pollMs` (a
 * message lost in an outage). Player events are the
 * publisher's `toPlayer` events and own-games removals, relayed to the other nodes.
 */
export function createFollowers(o: FollowersOptions): Followers {
  const watches = new Map<string, Watch>();
  const players = new Map<string, Set<(e: FollowedPlayerEvent) => void>>();
  const chats = new Map<string, Set<(m: ChatMessage) => void>>();
  const chat = (m: ChatMessage): void => {
    for (const l of [...(chats.get(m.gameId) ?? [])]) l(m);
  };
  const seen = (gameId: string, version: number): void => {
    const w = watches.get(gameId);
    if (!w || version <= w.last) return;
    w.last = version;
    for (const l of [...w.listeners]) l(version);
  };
  const playerEvent = (playerId: string, e: FollowedPlayerEvent): void => {
    for (const l of [...(players.get(playerId) ?? [])]) l(e);
  };
  const finished = (changes: readonly MyGameChange[]): void => {
    for (const c of changes) if (c.game === null) playerEvent(c.playerId, { event: 'game:finish', payload: { gameId: c.gameId } });
  };
  o.crossNode?.listen({ playerEvent, turn: seen, myGames: finished, chat });
  const listen = <K, V>(map: Map<K, Set<V>>, key: K, listener: V): (() => void) => {
    const set = map.get(key) ?? new Set<V>();
    map.set(key, set);
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && map.get(key) === set) map.delete(key);
    };
  };
  const timer = setInterval(() => {
    for (const id of watches.keys()) {
      o.versionOf(id).then((v) => (v === null ? undefined : seen(id, v)), o.onError);
    }
  }, o.pollMs);
  timer.unref();

  return {
    games: {
      follow(gameId, from, listener) {
        let w = watches.get(gameId);
        if (!w) {
          const unwatch = o.crossNode?.watchGame(gameId, (v) => seen(gameId, v)) ?? (() => undefined);
          w = { last: from, listeners: new Set(), unwatch };
          watches.set(gameId, w);
        }
        const mine = w;
        mine.last = Math.max(mine.last, from);
        mine.listeners.add(listener);
        return () => {
          mine.listeners.delete(listener);
          if (mine.listeners.size > 0 || watches.get(gameId) !== mine) return;
          watches.delete(gameId);
          mine.unwatch();
        };
      },
      followChat: (gameId, listener) => listen(chats, gameId, listener),
    },
    players: {
      follow: (playerId, listener) => listen(players, playerId, listener),
    },
    chatPublished(m) {
      if (m.channel !== 'players') return;
      chat(m);
      o.crossNode?.sendChat(m);
    },
    observe(inner) {
      return {
        ...inner,
        publishGame(e, except, relayed) {
          inner.publishGame(e, except, relayed);
          seen(e.gameId, e.version);
        },
        publishMyGameChanges(changes) {
          inner.publishMyGameChanges(changes);
          finished(changes);
        },
        toPlayer(playerId, event, payload) {
          inner.toPlayer(playerId, event, payload);
          if (!FOLLOWED.has(event)) return;
          const e = { event, payload } as FollowedPlayerEvent;
          playerEvent(playerId, e);
          o.crossNode?.sendPlayerEvent(playerId, e);
        },
      };
    },
    close() {
      clearInterval(timer);
      for (const w of watches.values()) w.unwatch();
      watches.clear();
      players.clear();
      chats.clear();
    },
  };
}
