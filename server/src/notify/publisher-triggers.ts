import type { Color, Seek } from '@progressive-chess/shared';
import type { Publisher } from '../services/publisher.js';
import type { NotificationTriggers } from './notifier.js';

/** The players of a game (ids and display names), or null when it is gone. */
export type PlayersOf = (gameId: string) => Promise<Readonly<Record<Color, { readonly id: string; readonly name: string }>> | null>;

/**
 * The publisher the services use, with the notification triggers read off what it publishes
 * (called once per event, on the node that made it):
 * - `challenge:received` -> `challenge` to the challenged player;
 * - a "your games" change that makes it the player's turn in a correspondence game -> `your-turn`;
 * - a game leaving a player's games (it ended) -> `game-ended`;
 * - a `rematch-offer` or `takeback-offer` game event -> the same kind to the other player.
 * The notifier skips whoever is in the game's room.
 */
export function withNotificationTriggers(inner: Publisher, triggers: NotificationTriggers, playersOf: PlayersOf): Publisher {
  const offered = async (kind: 'rematch-offer' | 'takeback-offer', gameId: string, by: Color): Promise<void> => {
    const players = await playersOf(gameId);
    if (players === null) return;
    const to = players[by === 'white' ? 'black' : 'white'];
    triggers.notify({ playerId: to.id, kind, subject: gameId, data: { gameId, from: players[by].name } });
  };
  const wrapper: Publisher = Object.create(inner) as Publisher;
  return Object.assign(wrapper, {
    toPlayer: ((playerId, event, payload) => {
      inner.toPlayer(playerId, event, payload);
      if (event === 'challenge:received') {
        const seek = payload as Seek;
        triggers.notify({ playerId, kind: 'challenge', subject: seek.id, data: { seekId: seek.id, from: seek.creator.name } });
      }
    }) satisfies Publisher['toPlayer'],
    publishMyGameChanges: ((changes) => {
      inner.publishMyGameChanges(changes);
      for (const c of changes) {
        if (c.game === null) triggers.notify({ playerId: c.playerId, kind: 'game-ended', subject: c.gameId, data: { gameId: c.gameId } });
        else if (c.game.yourTurn && c.game.timeControl.kind === 'correspondence' && c.game.bot !== true) {
          triggers.notify({ playerId: c.playerId, kind: 'your-turn', subject: c.gameId, data: { gameId: c.gameId, from: c.game.opponent } });
        }
      }
    }) satisfies Publisher['publishMyGameChanges'],
    publishGame: ((e, except, relayed) => {
      inner.publishGame(e, except, relayed);
      const { event } = e;
      if (event.type === 'rematch-offer' || event.type === 'takeback-offer') void offered(event.type, e.gameId, event.by).catch(() => undefined);
    }) satisfies Publisher['publishGame'],
  });
}
