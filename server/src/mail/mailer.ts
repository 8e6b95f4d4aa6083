import nodemailer from 'nodemailer';

export interface Mail {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  /** Extra headers (List-Unsubscribe...). */
  readonly headers?: Readonly<Record<string, string>>;
}

/** Sends e-mail. `enabled` false: nothing is sent (no SMTP configured), and nothing fails either. */
export interface Mailer {
  readonly enabled: boolean;
  send(m: Mail): Promise<void>;
  close(): void;
}

export const NO_MAILER: Mailer = { enabled: false, send: async () => undefined, close: () => undefined };

/** Mail over SMTP (`SMTP_URL`, e.g. smtp://user:pw@host:587 or smtps://...), from `from` (`MAIL_FROM`). */
export function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    enabled: true,
    async send(m) {
      await transport.sendMail({ from, to: m.to, subject: m.subject, text: m.text, ...(m.headers ? { headers: { ...m.headers } } : {}) });
    },
    close: () => transport.close(),
  };
}
