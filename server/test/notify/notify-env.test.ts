import { describe, expect, it } from 'vitest';
import { configFromEnv, effectiveConfig } from '../../src/env-config.js';

describe('e-mail and web-push configuration', () => {
  it('reads SMTP_URL, MAIL_FROM and the VAPID keys, and never logs the SMTP password or the private key', () => {
    const r = configFromEnv({
      SMTP_URL: 'smtp://mailer:secret@mail.example.test:587',
      MAIL_FROM: 'Chess <noreply@example.test>',
      VAPID_PUBLIC_KEY: 'BPub_key-1',
      VAPID_PRIVATE_KEY: 'priv_key-1',
      VAPID_SUBJECT: 'mailto:ops@example.test',
    });
    if (!r.ok) throw new Error(r.errors.join('; '));
    expect(r.config.notify).toEqual({
      smtpUrl: 'smtp://mailer:secret@mail.example.test:587',
      mailFrom: 'Chess <noreply@example.test>',
      vapid: { publicKey: 'BPub_key-1', privateKey: 'priv_key-1' },
      vapidSubject: 'mailto:ops@example.test',
    });
    const logged = JSON.stringify(effectiveConfig(r.config));
    expect(logged).not.toContain('secret');
    expect(logged).not.toContain('priv_key-1');
  });

  it('refuses an SMTP URL of another scheme, SMTP without a sender, half a key pair and a bad subject', () => {
    const r = configFromEnv({ SMTP_URL: 'http://mail.example.test', VAPID_PUBLIC_KEY: 'abc', VAPID_SUBJECT: 'ops@example.test' });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    // one sentence per function that read them: the first mistake of the group
    expect(r.errors.join('\n')).toMatch(/SMTP_URL must be a smtp:\/\/ or smtps:\/\/ URL/);
    expect(configFromEnv({ SMTP_URL: 'smtp://mail.example.test' })).toMatchObject({ ok: false, errors: [expect.stringMatching(/MAIL_FROM must be set/)] });
    expect(configFromEnv({ VAPID_PUBLIC_KEY: 'abc' })).toMatchObject({ ok: false, errors: [expect.stringMatching(/go together/)] });
    expect(configFromEnv({ VAPID_SUBJECT: 'ops@example.test' })).toMatchObject({ ok: false, errors: [expect.stringMatching(/VAPID_SUBJECT must be/)] });
  });
});
