import { NOTIFICATION_TTL_MS, type NotificationPrefs, type NotificationView } from '@progressive-chess/shared';
import type { Logger } from 'pino';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { tryConsume } from '../transport/shared-limiter.js';
import type { NewNotification, NotificationsRepo } from './notifications-repo.js';

/**
 * The one way in for whatever should notify a player: the game lifecycle, the lobby's challenges and
 * seeks, follows (lifecycle-triggers.ts). Never throws, never waits.
 */
export interface NotificationTriggers {
  notify(n: NewNotification): void;
  /** Work that will notify (a fan-out to followers): counted by `settled` like a notification. */
  track(work: Promise<void>): void;
}

/** Another way out beside the in-app list (web push): called once per notification stored, with the account's preferences. */
export type NotificationChannel = (playerId: string, n: NotificationView, prefs: NotificationPrefs) => Promise<void>;

/** How long a notification that goes out by e-mail waits, unread, before it is mailed (read meanwhile: never). */
export const NOTICE_EMAIL_DELAY_MS = 15 * 60_000;

export interface NotifierDeps {
  readonly repo: NotificationsRepo;
  readonly now: () => number;
  readonly newId: () => string;
  /** To every connection of the player (`notify:new`). */
  readonly deliver: (playerId: string, n: NotificationView, unread: number) => void;
  /** Whether the player has a connection in the game's room now (presence): nothing is sent then. */
  readonly inGameRoom: (playerId: string, gameId: string) => Promise<boolean>;
  /** Notifications per recipient and window (`NOTIFY_LIMIT`): past it they are dropped (logged). */
  readonly perRecipient: RateLimiterAbstract;
  /** The account's per-kind channels (bell, push, e-mail). */
  readonly prefs: (playerId: string) => Promise<NotificationPrefs>;
  readonly channels: readonly NotificationChannel[];
  readonly logger: Logger;
}

/** Notifications a player may receive per window, from all senders together. */
export const NOTIFY_LIMIT = { points: 30, durationSec: 600 } as const;

/** Stores and delivers notifications; `settled()` resolves when every one started so far is done (tests). */
export function createNotifier(deps: NotifierDeps): NotificationTriggers & { settled(): Promise<void> } {
  const pending = new Set<Promise<void>>();
  const run = async (n: NewNotification): Promise<void> => {
    // a guest's games end by the thousand: one indexed read, and nothing else for them
    if (!(await deps.repo.isAccount(n.playerId))) return;
    if (n.data.gameId !== undefined && (await deps.inGameRoom(n.playerId, n.data.gameId))) return;
    const prefs = await deps.prefs(n.playerId);
    const [bell, push, email] = [prefs.bell, prefs.push, prefs.email].map((kinds) => kinds.includes(n.kind));
    if (!bell && !push && !email) return;
    if (!(await tryConsume(deps.perRecipient, n.playerId))) {
      deps.logger.info({ playerId: n.playerId, kind: n.kind }, 'notification dropped: recipient over their limit');
      return;
    }
    const now = deps.now();
    const stored = await deps.repo.add(n, deps.newId(), now, NOTIFICATION_TTL_MS, { quiet: !bell, emailDue: email ? now + NOTICE_EMAIL_DELAY_MS : null });
    if (stored === null) return; // a guest: no account to keep notifications for
    if (bell) deps.deliver(n.playerId, stored, await deps.repo.unread(n.playerId, now));
    await Promise.all(deps.channels.map((c) => c(n.playerId, stored, prefs)));
  };
  const track = (work: Promise<void>, kind: string): void => {
    const p = work.catch((err: unknown) => deps.logger.warn({ err, kind }, 'notification failed')).finally(() => pending.delete(p));
    pending.add(p);
  };
  return {
    notify: (n) => track(run(n), n.kind),
    track: (work) => track(work, 'fan-out'),
    async settled() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}
