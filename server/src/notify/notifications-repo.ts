import { NOTIFICATIONS_PER_ACCOUNT, type NotificationKind, type NotificationView } from '@progressive-chess/shared';
import type { Database } from '../db/database.js';

/** What a notification carries besides its kind (stored as JSON). */
export type NotificationData = Pick<NotificationView, 'gameId' | 'seekId' | 'from'>;

export interface NewNotification {
  readonly playerId: string;
  readonly kind: NotificationKind;
  /** What it is about (a game or challenge id): one notification per account, kind and subject. */
  readonly subject: string;
  readonly data: NotificationData;
}

interface Row {
  id: string;
  kind: NotificationKind;
  data: string;
  created_at: number;
  read_at: number | null;
}

const view = (r: Row): NotificationView => ({ id: r.id, kind: r.kind, at: r.created_at, read: r.read_at !== null, ...(JSON.parse(r.data) as NotificationData) });

/**
 * Accounts' notifications. Guarantees: one per (account, kind, subject) — a second about the same
 * thing renews the first (unread again, newer) instead of adding a row; at most
 * `NOTIFICATIONS_PER_ACCOUNT` per account (the oldest go); none past its expiry is listed, and an
 * insert deletes the account's expired ones.
 */
export class NotificationsRepo {
  constructor(private readonly db: Database) {}

  /**
   * Adds (or renews) one; its view, or null when the account does not exist (a guest). `quiet`: not
   * for the bell (stored read); `emailDue`: mailed then if still unread (null: never).
   */
  async add(n: NewNotification, id: string, now: number, ttlMs: number, o: { quiet?: boolean; emailDue?: number | null } = {}): Promise<NotificationView | null> {
    const r = await this.db.query<Row>(
      `INSERT INTO notifications (id, player_id, kind, subject, data, created_at, read_at, expires_at, email_due)
       SELECT $1, $2, $3, $4, $5, $6, $8, $7, $9 WHERE EXISTS (SELECT 1 FROM accounts WHERE player_id = $2)
       ON CONFLICT (player_id, kind, subject) DO UPDATE SET data = EXCLUDED.data, created_at = EXCLUDED.created_at,
         read_at = EXCLUDED.read_at, expires_at = EXCLUDED.expires_at, email_due = EXCLUDED.email_due
       RETURNING id, kind, data, created_at, read_at`,
      [id, n.playerId, n.kind, n.subject, JSON.stringify(n.data), now, now + ttlMs, o.quiet === true ? now : null, o.emailDue ?? null],
    );
    const row = r.rows[0];
    if (!row) return null;
    await this.db.query(
      `DELETE FROM notifications WHERE player_id = $1 AND (expires_at <= $2 OR id IN
         (SELECT id FROM notifications WHERE player_id = $1 ORDER BY created_at DESC, id OFFSET $3))`,
      [n.playerId, now, NOTIFICATIONS_PER_ACCOUNT],
    );
    return view(row);
  }

  /** Whether the player has an account (guests get no notifications). */
  async isAccount(playerId: string): Promise<boolean> {
    return (await this.db.query('SELECT 1 FROM accounts WHERE player_id = $1', [playerId])).rows.length > 0;
  }

  /** The account's live notifications, newest first. */
  async list(playerId: string, now: number): Promise<NotificationView[]> {
    const r = await this.db.query<Row>(
      `SELECT id, kind, data, created_at, read_at FROM notifications WHERE player_id = $1 AND expires_at > $2
       ORDER BY created_at DESC, id LIMIT $3`,
      [playerId, now, NOTIFICATIONS_PER_ACCOUNT],
    );
    return r.rows.map(view);
  }

  async unread(playerId: string, now: number): Promise<number> {
    const r = await this.db.query<{ n: number }>(
      'SELECT count(*)::integer AS n FROM notifications WHERE player_id = $1 AND expires_at > $2 AND read_at IS NULL',
      [playerId, now],
    );
    return r.rows[0]?.n ?? 0;
  }

  /** Marks the listed ones (all when `ids` is undefined) read: their e-mail, if still due, is not sent. */
  async markRead(playerId: string, ids: readonly string[] | undefined, now: number): Promise<void> {
    const set = 'UPDATE notifications SET read_at = COALESCE(read_at, $2), email_due = NULL WHERE player_id = $1 AND (read_at IS NULL OR email_due IS NOT NULL)';
    if (ids === undefined) await this.db.query(set, [playerId, now]);
    else if (ids.length > 0) await this.db.query(`${set} AND id = ANY($3)`, [playerId, now, ids]);
  }

  /**
   * Takes the notifications whose e-mail is due (each once across nodes: the update that clears
   * `email_due` is the one that gets it), with their accounts.
   */
  async takeDueEmails(now: number): Promise<{ playerId: string; notification: NotificationView }[]> {
    const r = await this.db.query<Row & { player_id: string }>(
      `UPDATE notifications SET email_due = NULL WHERE email_due <= $1 AND expires_at > $1
       RETURNING id, player_id, kind, data, created_at, read_at`,
      [now],
    );
    return r.rows.map((row) => ({ playerId: row.player_id, notification: view(row) }));
  }
}
