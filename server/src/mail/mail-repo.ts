import type { Database } from '../db/database.js';

export type TokenPurpose = 'verify' | 'reset' | 'unsubscribe';

export interface EmailRow {
  readonly playerId: string;
  readonly email: string;
  readonly verified: boolean;
  readonly digest: boolean;
}

interface Row {
  player_id: string;
  email: string;
  verified_at: number | null;
  digest: boolean;
}
const toEmail = (r: Row): EmailRow => ({ playerId: r.player_id, email: r.email, verified: r.verified_at !== null, digest: r.digest });
const COLUMNS = 'player_id, email, verified_at, digest';

/** The case-insensitive key of an address. */
export const emailKey = (email: string): string => email.trim().toLowerCase();

/**
 * Accounts' e-mail addresses and the tokens mailed to them. Guarantees: a verified address belongs
 * to one account at most (a unique index); tokens are stored only as hashes, each for one purpose,
 * and a single-use one is taken by one request only (an atomic update).
 */
export class MailRepo {
  constructor(private readonly db: Database) {}

  /** A new (unverified) address for the account, replacing its previous one. */
  async setEmail(playerId: string, email: string): Promise<void> {
    await this.db.query(
      `INSERT INTO account_emails (player_id, email, email_key, verified_at, digest) VALUES ($1, $2, $3, NULL, true)
       ON CONFLICT (player_id) DO UPDATE SET email = EXCLUDED.email, email_key = EXCLUDED.email_key, verified_at = NULL`,
      [playerId, email, emailKey(email)],
    );
  }

  async emailOf(playerId: string): Promise<EmailRow | null> {
    const r = await this.db.query<Row>(`SELECT ${COLUMNS} FROM account_emails WHERE player_id = $1`, [playerId]);
    return r.rows[0] ? toEmail(r.rows[0]) : null;
  }

  /** The account whose verified address this is, if any. */
  async byVerifiedEmail(email: string): Promise<EmailRow | null> {
    const r = await this.db.query<Row>(`SELECT ${COLUMNS} FROM account_emails WHERE email_key = $1 AND verified_at IS NOT NULL`, [emailKey(email)]);
    return r.rows[0] ? toEmail(r.rows[0]) : null;
  }

  /** Marks the address verified if it is still the account's and no other account verified it first. */
  async markVerified(playerId: string, email: string, now: number): Promise<boolean> {
    const r = await this.db.query(
      `UPDATE account_emails SET verified_at = $3 WHERE player_id = $1 AND email_key = $2
         AND NOT EXISTS (SELECT 1 FROM account_emails o WHERE o.email_key = $2 AND o.verified_at IS NOT NULL AND o.player_id <> $1)`,
      [playerId, emailKey(email), now],
    );
    return r.rowCount === 1;
  }

  async setDigest(playerId: string, on: boolean): Promise<void> {
    await this.db.query('UPDATE account_emails SET digest = $2 WHERE player_id = $1', [playerId, on]);
  }

  /** Accounts with a verified address that want the digest. */
  async digestRecipients(): Promise<EmailRow[]> {
    const r = await this.db.query<Row>(`SELECT ${COLUMNS} FROM account_emails WHERE verified_at IS NOT NULL AND digest ORDER BY player_id`);
    return r.rows.map(toEmail);
  }

  /** Takes the account's digest of `day` (true once across nodes: the first to insert the row). */
  async claimDigest(playerId: string, day: string): Promise<boolean> {
    const r = await this.db.query('INSERT INTO digests_sent (player_id, day) VALUES ($1, $2) ON CONFLICT DO NOTHING', [playerId, day]);
    return r.rowCount === 1;
  }

  async addToken(hash: string, playerId: string, purpose: TokenPurpose, email: string, expiresAt: number, now: number): Promise<void> {
    // an account's spent and expired tokens go with each new one
    await this.db.query('DELETE FROM mail_tokens WHERE player_id = $1 AND (used_at IS NOT NULL OR expires_at <= $2)', [playerId, now]);
    await this.db.query('INSERT INTO mail_tokens (token_hash, player_id, purpose, email, expires_at) VALUES ($1, $2, $3, $4, $5)', [
      hash,
      playerId,
      purpose,
      email,
      expiresAt,
    ]);
  }

  /** Takes a live single-use token: its account and address, or null (unknown, used, expired, other purpose). */
  async takeToken(hash: string, purpose: TokenPurpose, now: number): Promise<{ playerId: string; email: string } | null> {
    const r = await this.db.query<{ player_id: string; email: string }>(
      `UPDATE mail_tokens SET used_at = $3 WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3
       RETURNING player_id, email`,
      [hash, purpose, now],
    );
    const row = r.rows[0];
    return row ? { playerId: row.player_id, email: row.email } : null;
  }

  /** A live reusable token (unsubscribe links): its account, or null. */
  async tokenAccount(hash: string, purpose: TokenPurpose, now: number): Promise<string | null> {
    const r = await this.db.query<{ player_id: string }>('SELECT player_id FROM mail_tokens WHERE token_hash = $1 AND purpose = $2 AND expires_at > $3', [
      hash,
      purpose,
      now,
    ]);
    return r.rows[0]?.player_id ?? null;
  }

  /** A new password: every session of the account ends (whoever had the old one is signed out). */
  async setPassword(playerId: string, passwordHash: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.query('UPDATE accounts SET password_hash = $2 WHERE player_id = $1', [playerId, passwordHash]);
      await tx.query('DELETE FROM sessions WHERE player_id = $1', [playerId]);
    });
  }
}
