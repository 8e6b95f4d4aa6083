import { NOTIFICATION_KINDS, type NotificationKind, type NotificationPrefs } from '@progressive-chess/shared';
import type { Database } from '../db/database.js';

/** The kinds sent as web push until the account chooses. */
export const DEFAULT_PUSH_KINDS: readonly NotificationKind[] = NOTIFICATION_KINDS.filter((k) => k !== 'game-ended');

export interface PushSubscriptionRecord {
  readonly endpoint: string;
  readonly keys: { readonly p256dh: string; readonly auth: string };
}

/** Subscriptions a browser-per-account count: past it the oldest go. */
export const PUSH_SUBSCRIPTIONS_PER_ACCOUNT = 10;

/** Per-kind push preferences and the accounts' web-push subscriptions. */
export class PushPrefsRepo {
  constructor(private readonly db: Database) {}

  async prefs(playerId: string): Promise<NotificationPrefs> {
    const r = await this.db.query<{ push: string }>('SELECT push FROM notification_prefs WHERE player_id = $1', [playerId]);
    const row = r.rows[0];
    return { push: row ? (JSON.parse(row.push) as NotificationKind[]) : [...DEFAULT_PUSH_KINDS] };
  }

  async setPrefs(playerId: string, p: NotificationPrefs): Promise<void> {
    await this.db.query(
      'INSERT INTO notification_prefs (player_id, push) VALUES ($1, $2) ON CONFLICT (player_id) DO UPDATE SET push = EXCLUDED.push',
      [playerId, JSON.stringify([...new Set(p.push)])],
    );
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
