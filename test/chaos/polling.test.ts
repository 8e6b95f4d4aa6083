import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io } from 'socket.io-client';
import { call, type ClientSocket } from '../support/game-client.js';
import { startServerProcess, type ServerProcess } from './support/server-process.js';

/** One raw HTTP request; resolves with status, headers and body. */
function raw(
  url: string,
  method: 'GET' | 'POST',
  body?: string,
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers: body ? { 'content-type': 'text/plain;charset=UTF-8' } : {} }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.setTimeout(10_000, () => req.destroy(new Error('timeout')));
    req.end(body);
  });
}

const sidOf = (handshake: string): string => {
  const open = JSON.parse(handshake.slice(handshake.indexOf('{'))) as { sid: string };
  return open.sid;
};

describe('Socket.IO long-polling on the real server process', () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServerProcess();
  });
  afterAll(async () => {
    await server.stop();
  });

  it('a polling handshake, a POST with its sid and a poll are answered once each; the process lives', async () => {
    const base = `${server.url}/socket.io/?EIO=4&transport=polling`;
    const open = await raw(base, 'GET');
    expect(open.status).toBe(200);
    const sid = sidOf(open.body);
    // the Socket.IO CONNECT packet for the main namespace
    const post = await raw(`${base}&sid=${sid}`, 'POST', '40');
    expect(post.status).toBe(200);
    expect(post.body).toBe('ok');
    const poll = await raw(`${base}&sid=${sid}`, 'GET');
    expect(poll.status).toBe(200);
    expect(poll.body).toContain('"sid"'); // the namespace's CONNECT answer
    // a bogus sid is refused by engine.io alone (400), never also by the HTTP app
    const bogus = await raw(`${base}&sid=nope`, 'POST', '40');
    expect(bogus.status).toBe(400);
    await new Promise((r) => setTimeout(r, 200));
    expect(server.alive()).toBe(true);
    expect((await raw(`${server.url}/healthz`, 'GET')).status).toBe(200);
  });

  it("a stock socket.io-client with transports ['polling'] plays requests and the process lives", async () => {
    const socket: ClientSocket = io(server.url, { transports: ['polling'], forceNew: true, reconnection: false });
    try {
      const session = await new Promise<{ playerId: string }>((resolve, reject) => {
        socket.once('session', resolve);
        socket.once('connect_error', reject);
      });
      expect(session.playerId).toMatch(/.+/);
      const named = await call(socket, 'session:setName', { name: 'Poller' });
      expect(named.name).toBe('Poller');
      const lobby = await call(socket, 'lobby:subscribe', {});
      expect(Array.isArray(lobby.seeks)).toBe(true);
    } finally {
      socket.disconnect();
    }
    await new Promise((r) => setTimeout(r, 200));
    expect(server.alive()).toBe(true);
  });
});
