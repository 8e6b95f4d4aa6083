import type { ModerationAction, ModerationLogEntry, ReportReason, ReportStatus, ReportView } from '@progressive-chess/shared';
import type { Database } from '../db/database.js';

export interface NewReport {
  readonly id: string;
  readonly reporterId: string;
  readonly reportedId: string;
  readonly reason: ReportReason;
  readonly text: string;
  readonly gameId: string | null;
  readonly createdAt: number;
}

interface ReportRow {
  id: string;
  reporter: string;
  reported: string;
  reported_id: string;
  reason: ReportReason;
  text: string;
  game_id: string | null;
  created_at: number;
  status: ReportStatus;
}

const STATUS_OF: Record<ModerationAction, ReportStatus> = { dismiss: 'dismissed', mute: 'muted', close: 'closed' };

/** Reports, the operators' actions on them (each in the audit log), and the account flags they set. */
export class ModerationRepo {
  constructor(private readonly db: Database) {}

  /** Reports filed by the reporter since `since` (the per-account rate limit). */
  async reportsSince(reporterId: string, since: number): Promise<number> {
    const r = await this.db.query<{ n: number | string }>('SELECT count(*) AS n FROM reports WHERE reporter_id = $1 AND created_at >= $2', [reporterId, since]);
    return Number(r.rows[0]?.n ?? 0);
  }

  /** Files the report unless the reporter has one open on the same player already; whether it was added. */
  async add(r: NewReport): Promise<boolean> {
    const ins = await this.db.query(
      `INSERT INTO reports (id, reporter_id, reported_id, reason, text, game_id, created_at, status)
       SELECT $1, $2, $3, $4, $5, $6, $7, 'open'
       WHERE NOT EXISTS (SELECT 1 FROM reports WHERE reporter_id = $2 AND reported_id = $3 AND status = 'open')`,
      [r.id, r.reporterId, r.reportedId, r.reason, r.text, r.gameId, r.createdAt],
    );
    return ins.rowCount === 1;
  }

  /** The open reports, oldest first. */
  async open(limit: number): Promise<(ReportView & { reportedId: string })[]> {
    const r = await this.db.query<ReportRow>(
      `SELECT x.id, a.username AS reporter, b.username AS reported, x.reported_id, x.reason, x.text, x.game_id, x.created_at, x.status
       FROM reports x JOIN accounts a ON a.player_id = x.reporter_id JOIN accounts b ON b.player_id = x.reported_id
       WHERE x.status = 'open' ORDER BY x.created_at, x.id LIMIT $1`,
      [limit],
    );
    return r.rows.map((x) => ({
      id: x.id,
      reporter: x.reporter,
      reported: x.reported,
      reportedId: x.reported_id,
      reason: x.reason,
      text: x.text,
      gameId: x.game_id,
      createdAt: x.created_at,
      status: x.status,
    }));
  }

  /**
   * Applies `action` to the open report `reportId` and logs it, in one transaction: dismiss closes
   * that report; mute and close flag the reported account and settle all its open reports (close
   * also ends its sessions). The reported player's id, or null when no such open report.
   */
  async act(operatorId: string, reportId: string, action: ModerationAction, logId: string, now: number): Promise<string | null> {
    return this.db.transaction(async (tx) => {
      const found = await tx.query<{ reported_id: string }>("SELECT reported_id FROM reports WHERE id = $1 AND status = 'open' FOR UPDATE", [reportId]);
      const target = found.rows[0]?.reported_id;
      if (target === undefined) return null;
      const status = STATUS_OF[action];
      if (action === 'dismiss') await tx.query('UPDATE reports SET status = $2 WHERE id = $1', [reportId, status]);
      else await tx.query("UPDATE reports SET status = $2 WHERE reported_id = $1 AND status = 'open'", [target, status]);
      if (action === 'mute') await tx.query('UPDATE accounts SET muted = true WHERE player_id = $1', [target]);
      if (action === 'close') {
        await tx.query('UPDATE accounts SET closed_at = $2 WHERE player_id = $1 AND closed_at IS NULL', [target, now]);
        await tx.query('DELETE FROM sessions WHERE player_id = $1', [target]);
      }
      await tx.query('INSERT INTO moderation_log (id, operator_id, action, target_id, report_id, at) VALUES ($1, $2, $3, $4, $5, $6)', [
        logId,
        operatorId,
        action,
        target,
        reportId,
        now,
      ]);
      return target;
    });
  }

  /** The audit log, newest first. */
  async log(limit: number): Promise<ModerationLogEntry[]> {
    const r = await this.db.query<{ operator: string; action: ModerationAction; target: string; report_id: string; at: number }>(
      `SELECT o.username AS operator, l.action, t.username AS target, l.report_id, l.at
       FROM moderation_log l JOIN accounts o ON o.player_id = l.operator_id JOIN accounts t ON t.player_id = l.target_id
       ORDER BY l.at DESC, l.id DESC LIMIT $1`,
      [limit],
    );
    return r.rows.map((x) => ({ operator: x.operator, action: x.action, target: x.target, reportId: x.report_id, at: x.at }));
  }

  async muted(playerId: string): Promise<boolean> {
    const r = await this.db.query('SELECT 1 FROM accounts WHERE player_id = $1 AND muted', [playerId]);
    return r.rows.length > 0;
  }
}
