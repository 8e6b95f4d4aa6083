import type express from 'express';
import type { Logger } from 'pino';
import type { Database } from '../db/database.js';
import { newId } from '../ids.js';
import type { AccountDirectory } from '../services/identity.js';
import type { Publisher } from '../services/publisher.js';
import type { RedisClient } from '../store/redis-client.js';
import { sharedLimiter } from '../transport/shared-limiter.js';
import { NotificationsRepo } from './notifications-repo.js';
import { createNotifier, NOTIFY_LIMIT, type NotificationChannel, type NotificationTriggers } from './notifier.js';
import { notifyRoutes } from './notify-routes.js';
import { withNotificationTriggers, type PlayersOf } from './publisher-triggers.js';
import { PushPrefsRepo } from './push-prefs-repo.js';

export interface NotificationsDeps {
  readonly db: Database;
  /** The transport's publisher: `notify:new` goes out through it, and its events feed the triggers. */
  readonly publisher: Publisher;
  readonly playersOf: PlayersOf;
  readonly directory: AccountDirectory;
  readonly now: () => number;
  readonly logger: Logger;
  readonly redis: RedisClient | null;
  /** Ways out beside the in-app list (web push). */
  readonly channels?: readonly NotificationChannel[];
}

export interface Notifications {
  /** The publisher for the services: the transport's, with the triggers read off it. */
  readonly publisher: Publisher;
  readonly triggers: NotificationTriggers & { settled(): Promise<void> };
  readonly repo: NotificationsRepo;
  readonly prefs: PushPrefsRepo;
  readonly router: express.Router;
}

/** The in-app notifications of accounts (the header's bell), wired to the publisher's events. */
export function createNotifications(deps: NotificationsDeps): Notifications {
  const repo = new NotificationsRepo(deps.db);
  const prefs = new PushPrefsRepo(deps.db);
  const triggers = createNotifier({
    repo,
    now: deps.now,
    newId: () => newId(),
    deliver: (playerId, notification, unread) => deps.publisher.toPlayer(playerId, 'notify:new', { notification, unread }),
    inGameRoom: async (playerId, gameId) => (await deps.publisher.gameMembers(gameId)).includes(playerId),
    perRecipient: sharedLimiter(NOTIFY_LIMIT, 'notify', deps.redis),
    channels: deps.channels ?? [],
    logger: deps.logger,
  });
  return {
    publisher: withNotificationTriggers(deps.publisher, triggers, deps.playersOf),
    triggers,
    repo,
    prefs,
    router: notifyRoutes({ repo, prefs, directory: deps.directory, now: deps.now }),
  };
}
