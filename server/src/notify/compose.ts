import type { PasswordHasher } from '../accounts/password.js';
import type { MyGame } from '@progressive-chess/shared';
import express from 'express';
import type { Logger } from 'pino';
import type { AppDeps } from '../config.js';
import type { Database } from '../db/database.js';
import type { DigestTournament } from '../mail/digest-text.js';
import { createMail, type Mail } from '../mail/mail.js';
import { NO_MAILER } from '../mail/mailer.js';
import type { GameLifecycle } from '../services/game-lifecycle.js';
import type { AccountDirectory } from '../services/identity.js';
import type { SeekEvents } from '../services/lobby-service.js';
import type { Publisher } from '../services/publisher.js';
import type { RedisClient } from '../store/redis-client.js';
import { sharedLimiter } from '../transport/shared-limiter.js';
import { FOLLOWED_LIMIT, followTrigger, seekTriggers, subscribeGameTriggers, type TriggerDeps } from './lifecycle-triggers.js';
import { createNotifications, type Notifications } from './notifications.js';

export interface NotifyPartsOptions {
  readonly deps: Pick<AppDeps, 'mailer' | 'push' | 'digestEveryMs' | 'noticesEveryMs'>;
  readonly db: Database;
  readonly directory: AccountDirectory;
  /** The node's password hashing (its bounded gate): a password reset hashes the new one. */
  readonly hasher: PasswordHasher;
  /** The transport's publisher (`notify:new`, game rooms' members). */
  readonly publisher: Publisher;
  /** Games' starts, turns and ends: the game triggers subscribe to it. */
  readonly lifecycle: GameLifecycle;
  /** A player's followers (social); none without. */
  readonly followersOf: ((playerId: string) => Promise<readonly string[]>) | null;
  readonly gamesOf: (playerId: string) => Promise<readonly MyGame[]>;
  /** The upcoming and running tournaments a player joined (the daily digest lists them). */
  readonly tournamentsOf?: (playerId: string) => Promise<readonly DigestTournament[]>;
  readonly now: () => number;
  readonly logger: Logger;
  readonly redis: RedisClient | null;
  readonly publicUrl: () => string;
  readonly trustProxy: boolean;
}

export interface NotifyParts {
  readonly notifications: Notifications;
  readonly mail: Mail;
  /** The lobby's new challenges and seeks (LobbyDeps.seekEvents). */
  readonly seekEvents: SeekEvents;
  /** A new follow (social's `followed`). */
  readonly followed: (follower: { readonly id: string; readonly name: string }, followedId: string) => void;
  /** `/api/notifications*`, `/api/push/*`, `/api/account/email*`, `/api/account/password-reset*`, `/api/mail/*`. */
  readonly router: express.Router;
  close(): Promise<void>;
}

/** Everything of issue 34 that createApp composes: notifications (bell, web push, e-mail), their triggers, and e-mail. */
export function notifyParts(o: NotifyPartsOptions): NotifyParts {
  const { deps } = o;
  const notifications = createNotifications({
    db: o.db,
    publisher: o.publisher,
    directory: o.directory,
    now: o.now,
    logger: o.logger,
    redis: o.redis,
    publicUrl: o.publicUrl,
    push: {
      source: deps.push?.vapid ? { keys: deps.push.vapid } : deps.push?.dataDir !== undefined ? { dataDir: deps.push.dataDir } : { db: o.db },
      ...(deps.push?.subject === undefined ? {} : { subject: deps.push.subject }),
      ...(deps.push?.agent === undefined ? {} : { agent: deps.push.agent }),
    },
  });
  const mail = createMail({
    db: o.db,
    mailer: deps.mailer ?? NO_MAILER,
    directory: o.directory,
    hasher: o.hasher,
    gamesOf: o.gamesOf,
    ...(o.tournamentsOf ? { tournamentsOf: o.tournamentsOf } : {}),
    now: o.now,
    publicUrl: o.publicUrl,
    trustProxy: o.trustProxy,
    logger: o.logger,
    redis: o.redis,
    takeDueNotices: (now) => notifications.repo.takeDueEmails(now),
    noNoticeMail: (playerId) => notifications.prefs.setPrefs(playerId, { email: [] }),
    ...(deps.digestEveryMs === undefined ? {} : { digestEveryMs: deps.digestEveryMs }),
    ...(deps.noticesEveryMs === undefined ? {} : { noticesEveryMs: deps.noticesEveryMs }),
  });
  const triggerDeps: TriggerDeps = {
    triggers: notifications.triggers,
    followersOf: o.followersOf ?? (() => Promise.resolve([])),
    followedLimit: sharedLimiter(FOLLOWED_LIMIT, 'notify-followed', o.redis),
  };
  const unsubscribe = subscribeGameTriggers(o.lifecycle, triggerDeps);
  return {
    notifications,
    mail,
    seekEvents: seekTriggers(triggerDeps),
    followed: followTrigger(triggerDeps),
    router: express.Router().use(notifications.router, mail.router),
    async close() {
      unsubscribe();
      await mail.close();
    },
  };
}
