import { DEFAULT_NOTIFICATION_PREFS, type NotificationKind, type NotificationPrefs, type NotificationPrefsUpdate } from '@progressive-chess/shared';
import type { Database } from '../db/database.js';

const kinds = (json: string | null, fallback: readonly NotificationKind[]): readonly NotificationKind[] =>
  json === null ? fallback : (JSON.parse(json) as NotificationKind[]);
const stored = (k: readonly NotificationKind[] | undefined): string | null => (k === undefined ? null : JSON.stringify([...new Set(k)]));

export interface PushSubscriptionRecord {
  readonly endpoint: string;
  readonly keys: { readonly p256dh: string; readonly auth: string };
}

/** Subscriptions a browser-per-account count: past it the oldest go. */
export const PUSH_SUBSCRIPTIONS_PER_ACCOUNT = 10;

/** Per-kind delivery preferences (bell, push, e-mail: a channel never set keeps its default) and the accounts' web-push subscriptions. */
export class PushPrefsRepo {
  constructor(private readonly db: Database) {}

  async prefs(playerId: string): Promise<NotificationPrefs> {
    const r = await this.db.query<{ push: string; bell: string | null; email: string | null }>(
      'SELECT push, bell, email FROM notification_prefs WHERE player_id = $1',
      [playerId],
    );
    const row = r.rows[0];
    const d = DEFAULT_NOTIFICATION_PREFS;
    return row ? { bell: kinds(row.bell, d.bell), push: kinds(row.push, d.push), email: kinds(row.email, d.email) } : d;
  }

  /** Sets the channels given; the others keep what they were (their default until set). */
  async setPrefs(playerId: string, p: NotificationPrefsUpdate): Promise<NotificationPrefs> {
    await this.db.query(
      `INSERT INTO notification_prefs (player_id, push, bell, email) VALUES ($1, COALESCE($2, $5), $3, $4)
       ON CONFLICT (player_id) DO UPDATE SET push = COALESCE($2, notification_prefs.push), bell = COALESCE($3, notification_prefs.bell),
         email = COALESCE($4, notification_prefs.email)`,
      [playerId, stored(p.push), stored(p.bell), stored(p.email), JSON.stringify(DEFAULT_NOTIFICATION_PREFS.push)],
    );
    return this.prefs(playerId);
  }

  async subscribe(playerId: string, s: PushSubscriptionRecord, now: number): Promise<void> {
    await this.db.query(
      `INSERT INTO push_subscriptions (endpoint, player_id, p256dh, auth, created_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (endpoint) DO UPDATE SET player_id = EXCLUDED.player_id, p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth, created_at = EXCLUDED.created_at`,
      [s.endpoint, playerId, s.keys.p256dh, s.keys.auth, now],
    );
    await this.db.query(
      `DELETE FROM push_subscriptions WHERE player_id = $1 AND endpoint IN
         (SELECT endpoint FROM push_subscriptions WHERE player_id = $1 ORDER BY created_at DESC, endpoint OFFSET $2)`,
      [playerId, PUSH_SUBSCRIPTIONS_PER_ACCOUNT],
    );
  }

  /** Deletes a subscription (only the account's own, given `playerId`). */
  async unsubscribe(endpoint: string, playerId?: string): Promise<void> {
    if (playerId === undefined) await this.db.query('DELETE FROM push_subscriptions WHERE endpoint = $1', [endpoint]);
    else await this.db.query('DELETE FROM push_subscriptions WHERE endpoint = $1 AND player_id = $2', [endpoint, playerId]);
  }

  async subscriptions(playerId: string): Promise<PushSubscriptionRecord[]> {
    const r = await this.db.query<{ endpoint: string; p256dh: string; auth: string }>(
      'SELECT endpoint, p256dh, auth FROM push_subscriptions WHERE player_id = $1',
      [playerId],
    );
    return r.rows.map((x) => ({ endpoint: x.endpoint, keys: { p256dh: x.p256dh, auth: x.auth } }));
  }
}
