import { execFileSync } from 'node:child_process';
import { createECDH, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, createServer, type Server } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import ece from 'http_ece';
import { afterEach } from 'vitest';

/** A browser's side of a push subscription: the keys it would give the server, and its private key to decrypt with. */
export interface LocalPushService {
  /** What `PushSubscription.toJSON()` gives (the endpoint is this local service). */
  readonly subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  /** The next message delivered, decrypted (aes128gcm, RFC 8291), with the request's headers. */
  next(timeoutMs?: number): Promise<{ payload: unknown; headers: Record<string, string | string[] | undefined> }>;
  /** An HTTPS agent that trusts this service's self-signed certificate (the app's `push.agent`). */
  readonly agent: Agent;
  /** The status answered to the next deliveries (201 by default; 410: the subscription is gone). */
  answer(status: number): void;
}

const open: Server[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => new Promise<void>((r) => s.close(() => r()))));
});

/** A self-signed certificate for 127.0.0.1 (openssl). */
function certificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), 'push-cert-'));
  try {
    execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1',
      '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')], { stdio: 'ignore' });
    return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
  } finally {
    rmSync(dir, { recursive: true });
  }
}

/** A local push endpoint (HTTPS on 127.0.0.1, self-signed) that decrypts what it receives: never a public push service. */
export async function startPushService(): Promise<LocalPushService> {
  const tls = certificate();
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  let status = 201;
  const inbox: { payload: unknown; headers: Record<string, string | string[] | undefined> }[] = [];
  const waiters: ((m: (typeof inbox)[number]) => void)[] = [];
  const server = createServer(tls, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const clear = ece.decrypt(Buffer.concat(chunks), { version: 'aes128gcm', privateKey: ecdh, authSecret: auth.toString('base64url') });
      const m = { payload: JSON.parse(clear.toString('utf8')) as unknown, headers: req.headers };
      res.writeHead(status).end();
      const w = waiters.shift();
      if (w) w(m);
      else inbox.push(m);
    });
  });
  open.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as AddressInfo;
  return {
    subscription: { endpoint: `https://127.0.0.1:${port}/push/${randomBytes(8).toString('hex')}`, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } },
    agent: new Agent({ ca: tls.cert }),
    next(timeoutMs = 10_000) {
      const m = inbox.shift();
      if (m) return Promise.resolve(m);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no push received')), timeoutMs);
        waiters.push((x) => {
          clearTimeout(timer);
          resolve(x);
        });
      });
    },
    answer(s) {
      status = s;
    },
  };
}
