import { z } from 'zod';
import { passwordSchema, playerNameSchema } from './accounts.js';
import { NOTIFICATION_KINDS, NOTIFICATIONS_PER_ACCOUNT } from './notification-kinds.js';

/**
 * Notifications of accounts (issue 34): the in-app list behind the header's bell, web push and
 * e-mail. Over HTTP (`/api/notifications`, `/api/account/email`, `/api/account/password-reset`)
 * and one server event (`notify:new`).
 */

/** `POST /api/notifications/read`: the listed ones, or all (no `ids`). */
export const notificationsReadSchema = z
  .object({ ids: z.array(z.string().min(1).max(64)).max(NOTIFICATIONS_PER_ACCOUNT).optional() })
  .strict();

const kindsSchema = z.array(z.enum(NOTIFICATION_KINDS)).max(NOTIFICATION_KINDS.length);
/** `POST /api/notifications/prefs`: which kinds go out on each channel given (the others stay as they are). */
export const notificationPrefsSchema = z.object({ bell: kindsSchema.optional(), push: kindsSchema.optional(), email: kindsSchema.optional() }).strict();
export type NotificationPrefsUpdate = z.infer<typeof notificationPrefsSchema>;

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
