import type { PasswordHasher } from '../accounts/password.js';
import type { MyGame } from '@progressive-chess/shared';
import express from 'express';
import type { Logger } from 'pino';
import type { AppDeps } from '../config.js';
import type { Database } from '../db/database.js';
import { createMail, type Mail } from '../mail/mail.js';
import { NO_MAILER } from '../mail/mailer.js';
import type { AccountDirectory } from '../services/identity.js';
import type { Publisher } from '../services/publisher.js';
import type { RedisClient } from '../store/redis-client.js';
import { createNotifications, type Notifications } from './notifications.js';
import type { PlayersOf } from './publisher-triggers.js';

export interface NotifyPartsOptions {
  readonly deps: Pick<AppDeps, 'mailer' | 'push' | 'digestEveryMs'>;
  readonly db: Database;
  readonly directory: AccountDirectory;
  /** The node's password hashing (its bounded gate): a password reset hashes the new one. */
  readonly hasher: PasswordHasher;
  /** The transport's publisher (the services get `publisher` of the answer instead). */
  readonly publisher: Publisher;
  readonly playersOf: PlayersOf;
  readonly gamesOf: (playerId: string) => Promise<readonly MyGame[]>;
  readonly now: () => number;
  readonly logger: Logger;
  readonly redis: RedisClient | null;
  readonly publicUrl: () => string;
  readonly trustProxy: boolean;
}

export interface NotifyParts {
  readonly notifications: Notifications;
  readonly mail: Mail;
  /** The publisher for the services (the triggers read off it). */
  readonly publisher: Publisher;
  /** `/api/notifications*`, `/api/push/*`, `/api/account/email*`, `/api/account/password-reset*`, `/api/mail/*`. */
  readonly router: express.Router;
  close(): Promise<void>;
}

/** Everything of issue 34 that createApp composes: notifications (bell, web push) and e-mail. */
export function notifyParts(o: NotifyPartsOptions): NotifyParts {
  const { deps } = o;
  const notifications = createNotifications({
    db: o.db,
    publisher: o.publisher,
    playersOf: o.playersOf,
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
    now: o.now,
    publicUrl: o.publicUrl,
    trustProxy: o.trustProxy,
    logger: o.logger,
    redis: o.redis,
    ...(deps.digestEveryMs === undefined ? {} : { digestEveryMs: deps.digestEveryMs }),
  });
  return {
    notifications,
    mail,
    publisher: notifications.publisher,
    router: express.Router().use(notifications.router, mail.router),
    close: () => mail.close(),
  };
}
