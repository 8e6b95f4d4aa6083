import { z } from 'zod';
import { passwordSchema, playerNameSchema } from './accounts.js';

/**
 * Notifications of accounts (issue 34): the in-app list behind the header's bell, web push and
 * e-mail. Over HTTP (`/api/notifications`, `/api/account/email`, `/api/account/password-reset`)
 * and one server event (`notify:new`).
 */

/**
 * What a notification is about. `tournament-soon` and `followed-game` are defined for what has no
 * trigger yet (tournaments, follows).
 */
export const NOTIFICATION_KINDS = ['challenge', 'your-turn', 'game-ended', 'rematch-offer', 'takeback-offer', 'tournament-soon', 'followed-game'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Notifications an account keeps: past it the oldest go. */
export const NOTIFICATIONS_PER_ACCOUNT = 100;
/** How long a notification is kept (read or not). */
export const NOTIFICATION_TTL_MS = 30 * 24 * 3600_000;

export interface NotificationView {
  readonly id: string;
  readonly kind: NotificationKind;
  /** When it was made (or last renewed: a second one about the same thing replaces the first). */
  readonly at: number;
  readonly read: boolean;
  /** The game it is about, when one. */
  readonly gameId?: string;
  /** The challenge it is about. */
  readonly seekId?: string;
  /** The other player's display name, when one. */
  readonly from?: string;
}

/** `GET /api/notifications`, newest first. */
export interface NotificationList {
  readonly notifications: readonly NotificationView[];
  readonly unread: number;
}

/** `POST /api/notifications/read`: the listed ones, or all (no `ids`). */
export const notificationsReadSchema = z
  .object({ ids: z.array(z.string().min(1).max(64)).max(NOTIFICATIONS_PER_ACCOUNT).optional() })
  .strict();

/** Which kinds go out as web push / e-mail (the in-app list always has them all). */
export const notificationPrefsSchema = z
  .object({ push: z.array(z.enum(NOTIFICATION_KINDS)).max(NOTIFICATION_KINDS.length) })
  .strict();
export type NotificationPrefs = z.infer<typeof notificationPrefsSchema>;

/** `POST /api/account/email`: the address to verify (a link is mailed to it). */
export const emailSchema = z.object({ email: z.email().max(254) }).strict();
/** `POST /api/account/email/verify` and the unsubscribe link's token. */
export const mailTokenSchema = z.object({ token: z.string().min(16).max(200) }).strict();
/** `POST /api/account/password-reset`: asked by username or by address; the answer never tells whether it exists. */
export const resetRequestSchema = z.union([z.object({ username: playerNameSchema }).strict(), z.object({ email: z.email().max(254) }).strict()]);
/** `POST /api/account/password-reset/confirm`. */
export const resetConfirmSchema = z.object({ token: z.string().min(16).max(200), password: passwordSchema }).strict();

/** The account's e-mail settings (`GET /api/account/email`). */
export interface EmailView {
  readonly email: string | null;
  readonly verified: boolean;
  readonly digest: boolean;
}

/** `POST /api/account/email/digest`: the daily digest on or off. */
export const digestSchema = z.object({ on: z.boolean() }).strict();

/** `POST /api/push/subscribe`: a browser's PushSubscription (`subscription.toJSON()`). */
export const pushSubscriptionSchema = z
  .object({
    endpoint: z.url().max(1000),
    expirationTime: z.number().nullable().optional(),
    keys: z.object({ p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100) }),
  })
  .strip();
/** `POST /api/push/unsubscribe`. */
export const pushEndpointSchema = z.object({ endpoint: z.url().max(1000) }).strict();

/** What a web-push message carries (the service worker shows it). */
export interface PushPayload {
  readonly title: string;
  readonly body: string;
  /** The page to open on a click. */
  readonly url: string;
  readonly kind: NotificationKind;
}

/** A notification in words: the bell's line and the push message's body. */
export function notificationText(n: Pick<NotificationView, 'kind' | 'from'>): string {
  const who = n.from ?? 'Your opponent';
  switch (n.kind) {
    case 'challenge':
      return `${who} challenges you`;
    case 'your-turn':
      return `Your move against ${n.from ?? 'your opponent'}`;
    case 'game-ended':
      return 'A game of yours ended';
    case 'rematch-offer':
      return `${who} offers a rematch`;
    case 'takeback-offer':
      return `${who} asks to take back a move`;
    case 'tournament-soon':
      return 'A tournament you joined starts in 5 minutes';
    case 'followed-game':
      return `${who} started a game`;
  }
}

/** The web client's page for a notification. */
export const notificationPath = (n: Pick<NotificationView, 'gameId'>): string => (n.gameId === undefined ? '/' : `/game/${n.gameId}`);
