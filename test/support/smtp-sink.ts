import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterEach } from 'vitest';

export interface ReceivedMail {
  readonly to: string[];
  /** Headers as sent, lower-cased names. */
  readonly headers: Map<string, string>;
  /** The body, quoted-printable soft breaks and escapes undone. */
  readonly text: string;
}

export interface SmtpSink {
  readonly url: string;
  /** Resolves with the next mail received (or one received before and not taken yet). */
  next(timeoutMs?: number): Promise<ReceivedMail>;
}

const decodeQp = (s: string): string => s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));

function parse(raw: string, to: string[]): ReceivedMail {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of head.split('\r\n')) {
    const i = line.indexOf(':');
    if (i > 0) headers.set(line.slice(0, i).toLowerCase(), line.slice(i + 1).trim());
  }
  return { to, headers, text: decodeQp(raw.slice(split + 4)) };
}

const open: SMTPServer[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => new Promise<void>((r) => s.close(() => r()))));
});

/** A local SMTP server (npm `smtp-server`) that keeps what it receives; closed after the test. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const inbox: ReceivedMail[] = [];
  const waiters: ((m: ReceivedMail) => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    hideSTARTTLS: true,
    disableReverseLookup: true,
    logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const mail = parse(Buffer.concat(chunks).toString('utf8'), session.envelope.rcptTo.map((r) => r.address));
        const w = waiters.shift();
        if (w) w(mail);
        else inbox.push(mail);
        done();
      });
    },
  });
  open.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    next(timeoutMs = 10_000) {
      const m = inbox.shift();
      if (m) return Promise.resolve(m);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no mail received')), timeoutMs);
        waiters.push((mail) => {
          clearTimeout(timer);
          resolve(mail);
        });
      });
    },
  };
}

/** The first link in a mail's text that starts with `prefix`: its path and query. */
export function linkIn(mail: ReceivedMail, prefix: string): string {
  const m = mail.text.match(new RegExp(`https?://[^/\\s]+(${prefix.replace(/[?]/g, '\\?')}[^\\s]*)`));
  if (!m?.[1]) throw new Error(`no ${prefix} link in: ${mail.text}`);
  return m[1];
}
