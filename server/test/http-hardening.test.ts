import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { http, useDatabase } from './durable-helpers.js';
import { Client, startServer, type TestServer } from './helpers.js';

const db = useDatabase();

async function signedIn(server: TestServer): Promise<string> {
  const guest = await Client.connect(server);
  const reg = await http(server, 'POST', '/api/account/register', { username: 'csrf_victim', password: 'secret pass', token: guest.session.token });
  expect(reg.status).toBe(201);
  return reg.cookie ?? '';
}

const post = (server: TestServer, path: string, headers: Record<string, string>, body: string): Promise<Response> =>
  fetch(`${server.url}${path}`, { method: 'POST', headers, body });

describe('state-changing API requests come from the site itself, as JSON', () => {
  it('refuses a text/plain cross-site logout (a form or a simple fetch could send one) and cross-site origins; the session lives on', async () => {
    const server = await startServer({ database: db() });
    const cookie = await signedIn(server);
    const plain = await post(server, '/api/account/logout', { cookie, 'content-type': 'text/plain' }, '{"everywhere":true}');
    expect([plain.status, await plain.json()]).toEqual([400, expect.objectContaining({ code: 'bad-request' })]);
    const foreign = await post(server, '/api/account/logout', { cookie, 'content-type': 'application/json', origin: 'https://evil.example' }, '{}');
    expect([foreign.status, await foreign.json()]).toEqual([403, expect.objectContaining({ code: 'cross-site' })]);
    const sibling = await post(server, '/api/account/logout', { cookie, 'content-type': 'application/json', 'sec-fetch-site': 'same-site' }, '{}');
    expect(sibling.status).toBe(403);
    expect((await http(server, 'GET', '/api/account', undefined, cookie)).body).toMatchObject({ account: { username: 'csrf_victim' } });
    // the site's own request (its origin, same-origin fetch) ends it
    const own = await post(server, '/api/account/logout', { cookie, 'content-type': 'application/json', origin: server.url, 'sec-fetch-site': 'same-origin' }, '{}');
    expect(own.status).toBe(200);
    expect((await http(server, 'GET', '/api/account', undefined, cookie)).body).toEqual({ account: null });
  });
});

describe('a request must arrive within the request timeout', () => {
  it('closes a connection whose body trickles in (408), instead of holding it for minutes', async () => {
    const server = await startServer({ database: db(), requestTimeoutMs: 1000 });
    const socket = connect(server.port, '127.0.0.1');
    let answer = '';
    socket.on('data', (d: Buffer) => {
      answer += d.toString();
    });
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.on('error', () => undefined); // a drip written as the server closes: EPIPE
    socket.write('POST /api/account/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{');
    const drip = setInterval(() => socket.write(' '), 200);
    await closed;
    clearInterval(drip);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });
});

describe('who reads /metrics', () => {
  const metrics = (url: string, headers: Record<string, string> = {}): Promise<number> =>
    fetch(`${url}/metrics`, { headers }).then(async (r) => (await r.arrayBuffer(), r.status));

  it('by default only this machine, not a request a proxy forwarded', async () => {
    const server = await startServer();
    expect(await metrics(server.url)).toBe(200);
    expect(await metrics(server.url, { 'x-forwarded-for': '203.0.113.5' })).toBe(404);
    expect(await metrics(server.url, { 'x-real-ip': '203.0.113.5' })).toBe(404);
  });

  it('with METRICS_TOKEN, whoever shows it', async () => {
    const server = await startServer({ metricsAccess: { token: 'a-long-metrics-token' } });
    expect(await metrics(server.url)).toBe(404);
    expect(await metrics(server.url, { authorization: 'Bearer wrong-token-of-some-length' })).toBe(404);
    expect(await metrics(server.url, { authorization: 'Bearer a-long-metrics-token', 'x-forwarded-for': '203.0.113.5' })).toBe(200);
  });

  it('with METRICS_PORT, on that port alone', async () => {
    const server = await startServer({ metricsAccess: { port: 0 } });
    expect(await metrics(server.url)).toBe(404);
    const port = server.app.metricsPort();
    expect(port).not.toBeNull();
    expect(await metrics(`http://127.0.0.1:${port}`)).toBe(200);
  });
});
