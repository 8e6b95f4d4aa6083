import { notificationPrefsSchema, notificationsReadSchema, type NotificationList } from '@progressive-chess/shared';
import express from 'express';
import type { AccountDirectory } from '../services/identity.js';
import { parseWith } from '../http/parse.js';
import type { NotificationsRepo } from './notifications-repo.js';
import type { PushPrefsRepo } from './push-prefs-repo.js';
import { signedIn } from './signed-in.js';

export interface NotifyRoutesDeps {
  readonly repo: NotificationsRepo;
  readonly prefs: PushPrefsRepo;
  readonly directory: AccountDirectory;
  readonly now: () => number;
}

/** `/api/notifications*`: the signed-in account's list, read marks and per-kind delivery preferences (bell, push, e-mail). */
export function notifyRoutes(deps: NotifyRoutesDeps): express.Router {
  const r = express.Router();
  const me = signedIn(deps.directory);
  r.get('/notifications', async (req, res) => {
    const { playerId } = await me(req);
    const now = deps.now();
    const [notifications, unread] = await Promise.all([deps.repo.list(playerId, now), deps.repo.unread(playerId, now)]);
    res.setHeader('Cache-Control', 'no-store');
    res.json({ notifications, unread } satisfies NotificationList);
  });
  r.post('/notifications/read', express.json({ limit: '8kb' }), async (req, res) => {
    const { playerId } = await me(req);
    const p = parseWith(notificationsReadSchema, req.body ?? {});
    const now = deps.now();
    await deps.repo.markRead(playerId, p.ids, now);
    res.json({ unread: await deps.repo.unread(playerId, now) });
  });
  r.get('/notifications/prefs', async (req, res) => {
    const { playerId } = await me(req);
    res.json(await deps.prefs.prefs(playerId));
  });
  r.post('/notifications/prefs', express.json({ limit: '4kb' }), async (req, res) => {
    const { playerId } = await me(req);
    res.json(await deps.prefs.setPrefs(playerId, parseWith(notificationPrefsSchema, req.body)));
  });
  return r;
}
