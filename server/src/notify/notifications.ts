import type { Agent } from 'node:https';
import express from 'express';
import type { Logger } from 'pino';
import type { Database } from '../db/database.js';
import { newId } from '../ids.js';
import type { AccountDirectory } from '../services/identity.js';
import type { Publisher } from '../services/publisher.js';
import type { RedisClient } from '../store/redis-client.js';
import { sharedLimiter } from '../transport/shared-limiter.js';
import { NotificationsRepo } from './notifications-repo.js';
import { createNotifier, NOTIFY_LIMIT, type NotificationTriggers } from './notifier.js';
import { pushChannel } from './push-channel.js';
import { pushRoutes } from './push-routes.js';
import { vapidKeys, type VapidKeys, type VapidSource } from './vapid.js';
import { notifyRoutes } from './notify-routes.js';
import { PushPrefsRepo } from './push-prefs-repo.js';
import { SingleFlight } from '../services/single-flight.js';

export interface NotificationsDeps {
  readonly db: Database;
  /** The transport's publisher: `notify:new` goes out through it; game rooms' members are asked of it. */
  readonly publisher: Publisher;
  readonly directory: AccountDirectory;
  readonly now: () => number;
  readonly logger: Logger;
  readonly redis: RedisClient | null;
  readonly publicUrl: () => string;
  /** Web push: where the VAPID keys come from, the VAPID subject, and the HTTPS agent for push requests (tests). */
  readonly push: { readonly source: VapidSource; readonly subject?: string; readonly agent?: Agent };
}

export interface Notifications {
  readonly triggers: NotificationTriggers & { settled(): Promise<void> };
  readonly repo: NotificationsRepo;
  readonly prefs: PushPrefsRepo;
  readonly router: express.Router;
}

/** A push service wants an https: or mailto: contact: the public URL when it is https. */
const defaultSubject = (publicUrl: string): string => (publicUrl.startsWith('https://') ? publicUrl : 'mailto:push@localhost');

/** The notifications of accounts: the header's bell, web push, and what is due by e-mail (mail/notice-mail.ts). */
export function createNotifications(deps: NotificationsDeps): Notifications {
  const repo = new NotificationsRepo(deps.db);
  const prefs = new PushPrefsRepo(deps.db);
  let keys: Promise<VapidKeys> | null = null;
  const vapid = (): Promise<VapidKeys> => {
    keys ??= vapidKeys(deps.push.source).catch((e: unknown) => {
      keys = null;
      throw e;
    });
    return keys;
  };
  const push = pushChannel({ prefs, keys: vapid, subject: () => deps.push.subject ?? defaultSubject(deps.publicUrl()), publicUrl: deps.publicUrl, logger: deps.logger, ...(deps.push.agent ? { agent: deps.push.agent } : {}) });
  // a game's end notifies both its players at once: one count of its room (a request to every node) for both
  const members = new SingleFlight((gameId) => deps.publisher.gameMembers(gameId));
  const triggers = createNotifier({
    repo,
    now: deps.now,
    newId: () => newId(),
    deliver: (playerId, notification, unread) => deps.publisher.toPlayer(playerId, 'notify:new', { notification, unread }),
    inGameRoom: async (playerId, gameId) => (await members.get(gameId)).includes(playerId),
    perRecipient: sharedLimiter(NOTIFY_LIMIT, 'notify', deps.redis),
    prefs: (id) => prefs.prefs(id),
    channels: [push],
    logger: deps.logger,
  });
  return {
    triggers,
    repo,
    prefs,
    router: express
      .Router()
      .use(
        notifyRoutes({ repo, prefs, directory: deps.directory, now: deps.now }),
        pushRoutes({ prefs, keys: vapid, directory: deps.directory, now: deps.now }),
      ),
  };
}
