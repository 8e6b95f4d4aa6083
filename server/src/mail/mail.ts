import type { PasswordHasher } from '../accounts/password.js';
import type { MyGame } from '@progressive-chess/shared';
import type express from 'express';
import type { Logger } from 'pino';
import { AccountsRepo } from '../db/accounts-repo.js';
import type { Database } from '../db/database.js';
import type { AccountDirectory } from '../services/identity.js';
import type { RedisClient } from '../store/redis-client.js';
import { sharedLimiter } from '../transport/shared-limiter.js';
import type { NotificationView } from '@progressive-chess/shared';
import { runDigest, startRounds } from './digest.js';
import type { DigestTournament } from './digest-text.js';
import { runNoticeMail } from './notice-mail.js';
import { EmailService, MAIL_LIMITS } from './email-service.js';
import type { Mailer } from './mailer.js';
import { MailRepo } from './mail-repo.js';
import { mailRoutes } from './mail-routes.js';

export interface MailDeps {
  readonly db: Database;
  readonly mailer: Mailer;
  readonly directory: AccountDirectory;
  readonly hasher: PasswordHasher;
  readonly gamesOf: (playerId: string) => Promise<readonly MyGame[]>;
  /** The upcoming and running tournaments the player joined (the digest lists them); none without tournaments. */
  readonly tournamentsOf?: (playerId: string) => Promise<readonly DigestTournament[]>;
  readonly now: () => number;
  readonly publicUrl: () => string;
  readonly trustProxy: boolean;
  readonly logger: Logger;
  readonly redis: RedisClient | null;
  /** How often the digest round runs (each account still gets one a day at most). Default 1 hour; 0: never (tests call `digest`). */
  readonly digestEveryMs?: number;
  /** Single notifications by e-mail: takes the due ones (each once across nodes). */
  readonly takeDueNotices: (now: number) => Promise<readonly { playerId: string; notification: NotificationView }[]>;
  /** The one-click unsubscribe turns off every notification kind by e-mail too. */
  readonly noNoticeMail: (playerId: string) => Promise<unknown>;
  /** How often due notifications are mailed. Default 1 minute; 0: never (tests call `notices`). */
  readonly noticesEveryMs?: number;
}

export interface Mail {
  readonly email: EmailService;
  readonly router: express.Router;
  /** One round of the daily digest now: how many mails went out. */
  digest(): Promise<number>;
  /** One round of single notifications by e-mail now: how many went out. */
  notices(): Promise<number>;
  close(): Promise<void>;
}

/** E-mail: verified addresses, password reset, the daily digest, single notifications, and the unsubscribe links. */
export function createMail(deps: MailDeps): Mail {
  const repo = new MailRepo(deps.db);
  const email = new EmailService({
    repo,
    accounts: new AccountsRepo(deps.db),
    mailer: deps.mailer,
    hasher: deps.hasher,
    now: deps.now,
    publicUrl: deps.publicUrl,
    perAccount: sharedLimiter(MAIL_LIMITS.perAccount, 'mail-account', deps.redis),
    perAddress: sharedLimiter(MAIL_LIMITS.perAddress, 'mail-ip', deps.redis),
    noNoticeMail: deps.noNoticeMail,
    logger: deps.logger,
  });
  const tournamentsOf = deps.tournamentsOf ?? (() => Promise.resolve([]));
  const digestDeps = { repo, email, mailer: deps.mailer, gamesOf: deps.gamesOf, tournamentsOf, now: deps.now, logger: deps.logger };
  const noticeDeps = { repo, email, mailer: deps.mailer, takeDue: deps.takeDueNotices, now: deps.now, publicUrl: deps.publicUrl, logger: deps.logger };
  const digest = (): Promise<number> => runDigest(digestDeps);
  const notices = (): Promise<number> => runNoticeMail(noticeDeps);
  const timers = (
    [
      [digest, deps.digestEveryMs ?? 3600_000, 'digest'],
      [notices, deps.noticesEveryMs ?? 60_000, 'notification mail'],
    ] as const
  ).map(([round, every, name]) => (deps.mailer.enabled && every > 0 ? startRounds(round, every, deps.logger, name) : null));
  return {
    email,
    router: mailRoutes({ email, directory: deps.directory, trustProxy: deps.trustProxy }),
    digest,
    notices,
    async close() {
      await Promise.all(timers.map((t) => t?.stop()));
      deps.mailer.close();
    },
  };
}
