import { colorOfTurn, opposite, type Color, type Seek } from '@progressive-chess/shared';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { GameLifecycle } from '../services/game-lifecycle.js';
import type { GameDoc } from '../services/game-doc.js';
import type { SeekEvents } from '../services/lobby-service.js';
import { tryConsume } from '../transport/shared-limiter.js';
import type { NotificationData } from './notifications-repo.js';
import type { NotificationTriggers } from './notifier.js';

/**
 * What notifies players, each read off a domain event where it happens once (on the node that made
 * it): the game lifecycle (game-lifecycle.ts), the lobby's new challenges and seeks, new follows.
 * - a correspondence game starting, or its turn passing, with a person to move -> `your-turn`;
 * - a game ending -> `game-ended` to each person in it;
 * - a rematch or takeback offered -> `rematch-offer` / `takeback-offer` to the other player;
 * - a challenge -> `challenge` to the challenged player;
 * - a new follower -> `followed`;
 * - a followed player starting a public game against a person -> `followed-game`, or opening a public
 *   seek -> `followed-seek`, to their followers: at most one of either per followed player and
 *   `FOLLOWED_LIMIT` window (across nodes), so a busy player does not flood their followers.
 * The notifier skips whoever is in the game's room, and caps what one player receives.
 */

/** "X is playing" / "X is looking for a game": one per followed player and hour. */
export const FOLLOWED_LIMIT = { points: 1, durationSec: 3600 } as const;

export interface TriggerDeps {
  readonly triggers: NotificationTriggers;
  /** The followers of a player (none without follows). */
  readonly followersOf: (playerId: string) => Promise<readonly string[]>;
  /** Keyed by the followed player (`FOLLOWED_LIMIT`). */
  readonly followedLimit: RateLimiterAbstract;
}

/** Whether a game's seat is a person's (not the computer's). */
const person = (doc: GameDoc, color: 'white' | 'black'): boolean => doc.bot?.color !== color;

/** Tells a player's followers (but `except`) what they do, once per `FOLLOWED_LIMIT` window. */
async function tellFollowers(d: TriggerDeps, playerId: string, kind: 'followed-game' | 'followed-seek', data: NotificationData, except: string[]): Promise<void> {
  if (!(await tryConsume(d.followedLimit, playerId))) return;
  for (const f of await d.followersOf(playerId)) {
    if (!except.includes(f)) d.triggers.notify({ playerId: f, kind, subject: playerId, data });
  }
}

/** `your-turn` to the person to move in a correspondence game (at its start, and each turn). */
function yourTurn(d: TriggerDeps, doc: GameDoc): void {
  if (doc.timeControl.kind !== 'correspondence' || doc.bot !== undefined || doc.status !== 'playing') return;
  const toMove = colorOfTurn(doc.turn);
  d.triggers.notify({
    playerId: doc.players[toMove].id,
    kind: 'your-turn',
    subject: doc.id,
    data: { gameId: doc.id, from: doc.players[opposite(toMove)].name },
  });
}

/** Subscribes the game triggers to the lifecycle; returns the unsubscribe. */
export function subscribeGameTriggers(lifecycle: GameLifecycle, d: TriggerDeps): () => void {
  const { triggers } = d;
  return lifecycle.subscribe((e) => {
    const { doc } = e;
    const { players } = doc;
    switch (e.type) {
      case 'started':
        yourTurn(d, doc);
        // nor a tournament's games: a wave starts hundreds at once, each player's every few minutes
        if (doc.private === true || doc.bot !== undefined || doc.tournamentId !== undefined) return;
        for (const c of ['white', 'black'] as const) {
          if (players[c].guest === true) continue;
          triggers.track(tellFollowers(d, players[c].id, 'followed-game', { gameId: doc.id, from: players[c].name }, [players[opposite(c)].id]));
        }
        return;
      case 'turn-ended':
        return yourTurn(d, doc);
      case 'finished':
        for (const c of ['white', 'black'] as const) {
          if (person(doc, c)) triggers.notify({ playerId: players[c].id, kind: 'game-ended', subject: doc.id, data: { gameId: doc.id } });
        }
        return;
      case 'changed': {
        // an offer made (not one that stands on): the other player is told
        const offered = (kind: 'rematch-offer' | 'takeback-offer', by: Color | null | undefined, before: Color | null | undefined): void => {
          if (by === null || by === undefined || by === before) return;
          triggers.notify({ playerId: players[opposite(by)].id, kind, subject: doc.id, data: { gameId: doc.id, from: players[by].name } });
        };
        offered('rematch-offer', doc.rematchOffer, e.prev.rematchOffer);
        offered('takeback-offer', doc.takebackOffer, e.prev.takebackOffer);
        return;
      }
      case 'archived':
        return;
    }
  });
}

/** The lobby's challenges and open seeks as notifications (LobbyDeps.seekEvents). */
export function seekTriggers(d: TriggerDeps): SeekEvents {
  return {
    challenged(seek: Seek, targetId: string) {
      d.triggers.notify({ playerId: targetId, kind: 'challenge', subject: seek.id, data: { seekId: seek.id, from: seek.creator.name } });
    },
    opened(seek: Seek) {
      if (seek.creator.guest === true) return;
      d.triggers.track(tellFollowers(d, seek.creator.id, 'followed-seek', { seekId: seek.id, from: seek.creator.name }, []));
    },
  };
}

/** A new follow: `followed` to the followed player (one per follower: a second follow renews it). */
export const followTrigger =
  (d: TriggerDeps) =>
  (follower: { readonly id: string; readonly name: string }, followedId: string): void =>
    d.triggers.notify({ playerId: followedId, kind: 'followed', subject: follower.id, data: { from: follower.name } });
