import { notificationPath, notificationText, type PushPayload } from '@progressive-chess/shared';
import type { Agent } from 'node:https';
import type { Logger } from 'pino';
import webpush from 'web-push';
import type { NotificationChannel } from './notifier.js';
import type { PushPrefsRepo } from './push-prefs-repo.js';
import type { VapidKeys } from './vapid.js';

export interface PushChannelDeps {
  readonly prefs: PushPrefsRepo;
  readonly keys: () => Promise<VapidKeys>;
  /** VAPID_SUBJECT, else the public URL. */
  readonly subject: () => string;
  readonly publicUrl: () => string;
  readonly logger: Logger;
  /** The HTTPS agent for push requests (default Node's). */
  readonly agent?: Agent;
}

/** How long a push service keeps an undelivered message (a browser offline that long gets none). */
const PUSH_TTL_SEC = 3600;

/**
 * Web push (the `web-push` library): each stored notification of a kind the account wants pushed
 * goes to each of its subscriptions; a subscription the push service says is gone (404, 410) is
 * deleted.
 */
export function pushChannel(deps: PushChannelDeps): NotificationChannel {
  return async (playerId, n, prefs) => {
    if (!prefs.push.includes(n.kind)) return;
    const subs = await deps.prefs.subscriptions(playerId);
    if (subs.length === 0) return;
    const keys = await deps.keys();
    const payload: PushPayload = { title: 'Progressive Chess Live', body: notificationText(n), url: `${deps.publicUrl()}${notificationPath(n)}`, kind: n.kind };
    await Promise.all(
      subs.map((s) =>
        webpush
          .sendNotification(s, JSON.stringify(payload), { TTL: PUSH_TTL_SEC, vapidDetails: { subject: deps.subject(), ...keys }, ...(deps.agent ? { agent: deps.agent } : {}) })
          .then(
            () => undefined,
            async (err: unknown) => {
              const status = err instanceof webpush.WebPushError ? err.statusCode : 0;
              if (status === 404 || status === 410) await deps.prefs.unsubscribe(s.endpoint);
              else deps.logger.warn({ err, status }, 'web push failed');
            },
          ),
      ),
    );
  };
}
