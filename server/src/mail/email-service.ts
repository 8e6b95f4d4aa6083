import type { EmailView } from '@progressive-chess/shared';
import type { Logger } from 'pino';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { PasswordHasher } from '../accounts/password.js';
import { newSessionToken, sessionHash } from '../accounts/session-cookie.js';
import type { AccountsRepo } from '../db/accounts-repo.js';
import { fail } from '../services/errors.js';
import { tryConsume } from '../transport/shared-limiter.js';
import type { Mailer } from './mailer.js';
import type { MailRepo, TokenPurpose } from './mail-repo.js';

/** How long a mailed link works. */
export const VERIFY_TTL_MS = 24 * 3600_000;
export const RESET_TTL_MS = 3600_000;
export const UNSUBSCRIBE_TTL_MS = 60 * 24 * 3600_000;
/** Mails of each kind (verification, reset) an account, and requests an address, may cause per window. */
export const MAIL_LIMITS = { perAccount: { points: 3, durationSec: 3600 }, perAddress: { points: 10, durationSec: 3600 } } as const;

export interface EmailServiceDeps {
  readonly repo: MailRepo;
  readonly accounts: AccountsRepo;
  readonly mailer: Mailer;
  readonly hasher: PasswordHasher;
  readonly now: () => number;
  readonly publicUrl: () => string;
  readonly perAccount: RateLimiterAbstract;
  readonly perAddress: RateLimiterAbstract;
  /** The one-click unsubscribe also turns off every kind of notification by e-mail. */
  readonly noNoticeMail: (playerId: string) => Promise<unknown>;
  readonly logger: Logger;
}

/**
 * An account's optional e-mail address (verified by a mailed link), password reset by e-mail, and
 * the unsubscribe links. A reset request never tells whether the account or address exists: the
 * answer is the same, and the mail goes out after it.
 */
export class EmailService {
  constructor(private readonly deps: EmailServiceDeps) {}

  get enabled(): boolean {
    return this.deps.mailer.enabled;
  }

  async view(playerId: string): Promise<EmailView> {
    const e = await this.deps.repo.emailOf(playerId);
    return { email: e?.email ?? null, verified: e?.verified ?? false, digest: e?.digest ?? false };
  }

  /** Sets the address (unverified) and mails it a verification link. */
  async setEmail(playerId: string, email: string, address: string): Promise<EmailView> {
    this.needMail();
    await this.spend(playerId, address);
    await this.deps.repo.setEmail(playerId, email);
    const token = await this.token(playerId, 'verify', email, VERIFY_TTL_MS);
    await this.deps.mailer.send({
      to: email,
      subject: 'Confirm your e-mail address',
      text: `Open this link to confirm this address for your Progressive Chess Live account:\n\n${this.link(`/api/account/email/verify?token=${token}`)}\n\nIt works for 24 hours. If you did not ask for this, ignore this mail.`,
    });
    return this.view(playerId);
  }

  /** The verification link's token: the address becomes the account's verified one. */
  async verify(token: string): Promise<void> {
    const t = await this.deps.repo.takeToken(sessionHash(token), 'verify', this.deps.now());
    if (t === null || !(await this.deps.repo.markVerified(t.playerId, t.email, this.deps.now()))) fail('bad-token', 'this link has expired or was used');
  }

  /** Mails a reset link to the account's verified address, if there is one; the same answer either way. */
  async requestReset(by: { username: string } | { email: string }, address: string): Promise<void> {
    this.needMail();
    if (!(await tryConsume(this.deps.perAddress, address))) fail('rate-limited', 'too many requests; try later');
    const found = 'email' in by ? await this.deps.repo.byVerifiedEmail(by.email) : await this.byUsername(by.username);
    if (found === null || !(await tryConsume(this.deps.perAccount, `reset:${found.playerId}`))) return;
    void this.mailReset(found.playerId, found.email).catch((err: unknown) => this.deps.logger.warn({ err }, 'password reset mail failed'));
  }

  /** A reset link's token and the new password: every session of the account ends. */
  async confirmReset(token: string, password: string): Promise<void> {
    const t = await this.deps.repo.takeToken(sessionHash(token), 'reset', this.deps.now());
    if (t === null) fail('bad-token', 'this link has expired or was used');
    await this.deps.repo.setPassword(t.playerId, await this.deps.hasher.hash(password));
  }

  /** An unsubscribe link's token: no more mails (digests, notifications). */
  async unsubscribe(token: string): Promise<void> {
    const playerId = await this.deps.repo.tokenAccount(sessionHash(token), 'unsubscribe', this.deps.now());
    if (playerId === null) fail('bad-token', 'this link has expired');
    await Promise.all([this.deps.repo.setDigest(playerId, false), this.deps.noNoticeMail(playerId)]);
  }

  async setDigest(playerId: string, on: boolean): Promise<EmailView> {
    await this.deps.repo.setDigest(playerId, on);
    return this.view(playerId);
  }

  /** A new unsubscribe link for the account (one per mail). */
  async unsubscribeLink(playerId: string, email: string): Promise<string> {
    return this.link(`/api/mail/unsubscribe?token=${await this.token(playerId, 'unsubscribe', email, UNSUBSCRIBE_TTL_MS)}`);
  }

  /** The web client's page of a game. */
  gameLink(gameId: string): string {
    return this.link(`/game/${gameId}`);
  }

  /** The web client's page of a tournament. */
  tournamentLink(tournamentId: string): string {
    return this.link(`/tournament/${encodeURIComponent(tournamentId)}`);
  }

  private async mailReset(playerId: string, email: string): Promise<void> {
    const token = await this.token(playerId, 'reset', email, RESET_TTL_MS);
    await this.deps.mailer.send({
      to: email,
      subject: 'Reset your password',
      text: `Open this link to choose a new password for your Progressive Chess Live account:\n\n${this.link(`/reset-password?token=${token}`)}\n\nIt works once, for one hour. If you did not ask for this, ignore this mail: your password stays as it is.`,
    });
  }

  private async byUsername(username: string): Promise<{ playerId: string; email: string } | null> {
    const acc = await this.deps.accounts.byUsername(username);
    const e = acc === null ? null : await this.deps.repo.emailOf(acc.playerId);
    return e?.verified ? e : null;
  }

  private async token(playerId: string, purpose: TokenPurpose, email: string, ttlMs: number): Promise<string> {
    const token = newSessionToken();
    const now = this.deps.now();
    await this.deps.repo.addToken(sessionHash(token), playerId, purpose, email, now + ttlMs, now);
    return token;
  }

  private link(path: string): string {
    return `${this.deps.publicUrl()}${path}`;
  }

  private needMail(): void {
    if (!this.deps.mailer.enabled) fail('no-mail', 'this server sends no e-mail (no SMTP configured)');
  }

  private async spend(playerId: string, address: string): Promise<void> {
    if (!(await tryConsume(this.deps.perAddress, address)) || !(await tryConsume(this.deps.perAccount, `verify:${playerId}`))) {
      fail('rate-limited', 'too many mails asked for; try later');
    }
  }
}
