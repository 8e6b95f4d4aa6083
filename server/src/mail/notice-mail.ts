import { notificationPath, notificationText, type NotificationView } from '@progressive-chess/shared';
import type { Logger } from 'pino';
import type { EmailService } from './email-service.js';
import type { Mailer } from './mailer.js';
import type { MailRepo } from './mail-repo.js';

export interface NoticeMailDeps {
  readonly repo: MailRepo;
  readonly email: EmailService;
  readonly mailer: Mailer;
  /** Takes the notifications whose e-mail is due, each once across nodes (NotificationsRepo.takeDueEmails). */
  readonly takeDue: (now: number) => Promise<readonly { playerId: string; notification: NotificationView }[]>;
  readonly now: () => number;
  readonly publicUrl: () => string;
  readonly logger: Logger;
}

/**
 * One round of single notifications by e-mail: each notification of a kind the account wants
 * mailed, still unread its delay after it was made (notifier.ts), goes to the account's verified
 * address, with a one-click unsubscribe (RFC 8058) that stops every mail of the account. Taken once
 * across nodes; a failed send is not retried. Returns how many mails went out.
 */
export async function runNoticeMail(deps: NoticeMailDeps): Promise<number> {
  if (!deps.mailer.enabled) return 0;
  let sent = 0;
  for (const { playerId, notification: n } of await deps.takeDue(deps.now())) {
    const to = await deps.repo.emailOf(playerId);
    if (to === null || !to.verified) continue;
    const unsubscribe = await deps.email.unsubscribeLink(playerId, to.email);
    const text = notificationText(n);
    await deps.mailer
      .send({
        to: to.email,
        subject: text,
        text: `${text}: ${deps.publicUrl()}${notificationPath(n)}\n\nWhich notifications come by e-mail: ${deps.publicUrl()}/settings\nNo more mails: ${unsubscribe}\n`,
        headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      })
      .then(
        () => sent++,
        (err: unknown) => deps.logger.warn({ err, kind: n.kind }, 'notification mail failed'),
      );
  }
  return sent;
}
