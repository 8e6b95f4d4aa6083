import type { Env } from '../env.js';

/** E-mail and web-push settings of the environment (README, *Configuration*). */
export interface NotifyEnv {
  /** SMTP_URL: smtp:// or smtps:// (credentials in the URL). Unset: no e-mail is sent. */
  readonly smtpUrl: string | undefined;
  /** MAIL_FROM: the sender of every mail. */
  readonly mailFrom: string | undefined;
  /** VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (base64url), else generated once and kept (data folder or database). */
  readonly vapid: { readonly publicKey: string; readonly privateKey: string } | undefined;
  /** VAPID_SUBJECT: a mailto: or https: contact for push services. */
  readonly vapidSubject: string | undefined;
}

const set = (env: Env, name: string): string | undefined => {
  const v = env[name];
  return v === undefined || v === '' ? undefined : v;
};

export function notifyEnvOf(env: Env): NotifyEnv {
  const smtpUrl = set(env, 'SMTP_URL');
  const mailFrom = set(env, 'MAIL_FROM');
  if (smtpUrl !== undefined && !/^smtps?:\/\/[^/\s]+/.test(smtpUrl)) throw new Error('SMTP_URL must be a smtp:// or smtps:// URL (e.g. smtp://user:pw@mail.example.org:587)');
  if (smtpUrl !== undefined && mailFrom === undefined) throw new Error('MAIL_FROM must be set with SMTP_URL (e.g. "Progressive Chess <noreply@chess.example.org>")');
  const publicKey = set(env, 'VAPID_PUBLIC_KEY');
  const privateKey = set(env, 'VAPID_PRIVATE_KEY');
  if ((publicKey === undefined) !== (privateKey === undefined)) throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together (npx web-push generate-vapid-keys)');
  const b64url = /^[A-Za-z0-9_-]+$/;
  if (publicKey !== undefined && privateKey !== undefined && !(b64url.test(publicKey) && b64url.test(privateKey))) {
    throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be base64url keys (npx web-push generate-vapid-keys)');
  }
  const vapidSubject = set(env, 'VAPID_SUBJECT');
  if (vapidSubject !== undefined && !/^(mailto:|https:\/\/)/.test(vapidSubject)) throw new Error(`VAPID_SUBJECT must be a mailto: or https:// URL, got "${vapidSubject}"`);
  return { smtpUrl, mailFrom, vapid: publicKey !== undefined && privateKey !== undefined ? { publicKey, privateKey } : undefined, vapidSubject };
}

/** The effective values for the start-up log (the SMTP password and the private key hidden). */
export function notifyEffective(n: NotifyEnv, redact: (url: string) => string): Record<string, string | null> {
  return {
    SMTP_URL: n.smtpUrl === undefined ? null : redact(n.smtpUrl),
    MAIL_FROM: n.mailFrom ?? null,
    VAPID_PUBLIC_KEY: n.vapid?.publicKey ?? null,
    VAPID_PRIVATE_KEY: n.vapid === undefined ? null : '***',
    VAPID_SUBJECT: n.vapidSubject ?? null,
  };
}
