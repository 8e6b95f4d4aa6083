import type { IncomingMessage } from 'node:http';
import { Server as NetServer, connect as tcpConnect, type Socket as NetSocket } from 'node:net';
import type { Session } from '@progressive-chess/shared';
import { io, type Socket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { clientAddress } from '../src/transport/abuse-limits.js';
import { createAddressGate } from '../src/transport/address-gate.js';
import { Client, manualClock, sleep, startServer, type TestServer } from './helpers.js';

/**
 * The per-node deny list on raw TCP connections (transport/address-gate.ts): real sockets, the
 * abuser connecting from 127.0.0.2 and everyone else from 127.0.0.1 (both loopback).
 */

const ABUSER = '127.0.0.2';
const opened: Socket[] = [];
afterEach(() => {
  while (opened.length) opened.pop()?.disconnect();
});

/** A Socket.IO client from `localAddress`: its session, or the handshake's error. */
function connectFrom(server: TestServer, localAddress: string, token?: string): Promise<{ socket: Socket; session: Session }> {
  // `localAddress` is passed on to the WebSocket (engine.io-client's node transport), not in the typings
  const opts = { transports: ['websocket'], forceNew: true, reconnection: false, auth: token ? { token } : {}, localAddress };
  const socket = io(server.url, opts);
  opened.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('session', (session) => resolve({ socket, session }));
    socket.once('connect_error', reject);
  });
}

/** A bare HTTP GET over a new TCP connection from `localAddress`: everything the server sent before the connection closed. */
function rawGet(server: TestServer, localAddress: string, path = '/healthz'): Promise<{ data: string; error: string | null }> {
  return new Promise((resolve) => {
    const socket = tcpConnect({ host: '127.0.0.1', port: server.port, localAddress });
    let data = '';
    let error: string | null = null;
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      data += chunk;
      // answered: enough to know it was served
      if (data.includes('\r\n\r\n')) socket.destroy();
    });
    socket.on('error', (e: NodeJS.ErrnoException) => (error = e.code ?? e.message));
    socket.on('close', () => resolve({ data, error }));
    socket.setTimeout(3000, () => socket.destroy());
    socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
  });
}

/** Counts what the HTTP server handed on (to the app or to engine.io: both only see these events). */
function httpEvents(server: TestServer): () => number {
  let n = 0;
  server.app.httpServer.on('request', () => n++);
  server.app.httpServer.on('upgrade', () => n++);
  return () => n;
}

const served = (r: { data: string }): boolean => r.data.startsWith('HTTP/1.1 200');

describe('the address deny list on raw TCP connections', () => {
  it('an address over its handshake budget: reset before HTTP, others unaffected, released after denyAddressSec', async () => {
    const server = await startServer({ abuseLimits: { handshakesPerAddress: { points: 2, durationSec: 60 }, denyAddressSec: 1 } });
    const kept = await Promise.all([connectFrom(server, ABUSER), connectFrom(server, ABUSER)]);
    await expect(connectFrom(server, ABUSER)).rejects.toBeInstanceOf(Error); // over budget: 403, and now denied
    const events = httpEvents(server);

    const denied = await rawGet(server, ABUSER);
    expect(denied.data).toBe(''); // no HTTP response at all
    expect(denied.error).toBe('ECONNRESET');
    await expect(connectFrom(server, ABUSER)).rejects.toBeInstanceOf(Error);
    expect(events()).toBe(0); // neither the app nor engine.io saw a request or an upgrade
    expect(server.app.io.engine.clientsCount).toBe(2);

    // another address: served as ever; the abuser's open connections are not cut
    expect(served(await rawGet(server, '127.0.0.1'))).toBe(true);
    await expect(Client.connect(server)).resolves.toBeDefined();
    expect(kept.every((k) => k.socket.connected)).toBe(true);
    expect(events()).toBe(2);

    await sleep(1100);
    expect(served(await rawGet(server, ABUSER))).toBe(true);
  });

  it('a connection disconnected for flooding denies its address; the identity’s other connections go at their next event', async () => {
    const server = await startServer({ rateLimit: { points: 3, durationSec: 60 }, abuseLimits: { strikes: 2 } });
    const first = await connectFrom(server, ABUSER);
    const second = await connectFrom(server, ABUSER, first.session.token);
    const gone = new Promise((resolve) => first.socket.once('disconnect', resolve));
    for (let i = 0; i < 10 && first.socket.connected; i++) void first.socket.timeout(2000).emitWithAck('lobby:online', {}).catch(() => undefined);
    await gone;

    // the other connection has its own budget left, yet its first event disconnects it
    const flooding = new Promise((resolve) => second.socket.once('error', resolve));
    const secondGone = new Promise((resolve) => second.socket.once('disconnect', resolve));
    // told `flooding` and disconnected before any answer
    await expect(second.socket.timeout(2000).emitWithAck('lobby:online', {})).rejects.toThrow('disconnected');
    expect(await flooding).toMatchObject({ code: 'flooding' });
    await secondGone;

    expect((await rawGet(server, ABUSER)).error).toBe('ECONNRESET');
    expect(served(await rawGet(server, '127.0.0.1'))).toBe(true);
  });

  it('a connection from a denied address is disconnected at its first refused event, with no strikes to collect', async () => {
    const server = await startServer({ rateLimit: { points: 2, durationSec: 60 }, abuseLimits: { handshakesPerAddress: { points: 1, durationSec: 60 } } });
    const open = await connectFrom(server, ABUSER);
    await expect(connectFrom(server, ABUSER)).rejects.toBeInstanceOf(Error); // over its handshake budget: denied
    const flooding = new Promise((resolve) => open.socket.once('error', resolve));
    for (let i = 0; i < 2; i++) expect(await open.socket.timeout(2000).emitWithAck('lobby:online', {})).toMatchObject({ ok: true });
    // the first event over the connection's budget (the default 30 strikes are not waited for)
    await expect(open.socket.timeout(2000).emitWithAck('lobby:online', {})).rejects.toThrow('disconnected');
    expect(await flooding).toMatchObject({ code: 'flooding' });
    // an address that is not denied collects its strikes as before
    const other = await Client.connect(server);
    await other.send('lobby:online', {});
    await other.send('lobby:online', {});
    expect(await other.send('lobby:online', {})).toMatchObject({ ok: false, code: 'rate-limited' });
    expect(other.socket.connected).toBe(true);
  });

  it('is off with denyAddressSec 0, and behind a trusted proxy (the TCP peer is the proxy)', async () => {
    const budget = { points: 1, durationSec: 60 };
    for (const deps of [{ abuseLimits: { handshakesPerAddress: budget, denyAddressSec: 0 } }, { abuseLimits: { handshakesPerAddress: budget }, trustProxy: true }]) {
      const server = await startServer(deps);
      await connectFrom(server, ABUSER);
      await expect(connectFrom(server, ABUSER)).rejects.toBeInstanceOf(Error); // the handshake budget still applies
      expect(served(await rawGet(server, ABUSER))).toBe(true);
    }
  });

  it('forgets a denial when it ends; an exempt address is never denied by the limits', async () => {
    const clock = manualClock();
    const gate = createAddressGate({ denySec: 5, now: clock.now });
    gate.deny('10.0.0.9');
    expect(gate.denied('10.0.0.9')).toBe(true);
    expect(gate.denied('10.0.0.8')).toBe(false);
    clock.advance(5000);
    expect(gate.denied('10.0.0.9')).toBe(false);
    const off = createAddressGate({ denySec: 0 });
    off.deny('10.0.0.9');
    expect(off.denied('10.0.0.9')).toBe(false);

    const server = await startServer({ abuseLimits: { handshakesPerAddress: { points: 1, durationSec: 60 }, exemptAddresses: [ABUSER] } });
    for (let i = 0; i < 3; i++) await connectFrom(server, ABUSER);
    expect(served(await rawGet(server, ABUSER))).toBe(true);
  });

  it('caps the TCP connections open at once per address (idle ones too): one more is reset, others unaffected', async () => {
    const server = await startServer({ abuseLimits: { connectionsPerAddress: 2, exemptAddresses: ['127.0.0.3'] } });
    const idle = (localAddress: string): Promise<NetSocket> =>
      new Promise((resolve, reject) => {
        const socket = tcpConnect({ host: '127.0.0.1', port: server.port, localAddress }, () => resolve(socket));
        socket.on('error', reject);
      });
    // its sockets and as many again: 4 connections that never send a request
    const held: NetSocket[] = [];
    for (let i = 0; i < 4; i++) held.push(await idle(ABUSER));
    const refused = await rawGet(server, ABUSER);
    expect(served(refused)).toBe(false);
    expect(refused.error).toBe('ECONNRESET');
    expect(served(await rawGet(server, '127.0.0.1'))).toBe(true);
    for (let i = 0; i < 5; i++) held.push(await idle('127.0.0.3')); // exempt
    expect(served(await rawGet(server, '127.0.0.3'))).toBe(true);
    // a closed one is given back
    held[0]?.destroy();
    await sleep(50);
    expect(served(await rawGet(server, ABUSER))).toBe(true);
    for (const socket of held) socket.destroy();
  });

  it('denies an IPv6 client its whole /64: the next connection from another address of it is reset too', () => {
    const gate = createAddressGate({ denySec: 5 });
    const server = new NetServer();
    const handed: string[] = [];
    server.on('connection', (socket: NetSocket) => handed.push(socket.remoteAddress ?? ''));
    gate.attach(server);
    const arrive = (remoteAddress: string): boolean => {
      let reset = false;
      server.emit('connection', { remoteAddress, resetAndDestroy: () => (reset = true), once: () => undefined } as unknown as NetSocket);
      return reset;
    };
    gate.deny(clientAddress({ headers: {}, socket: { remoteAddress: '2001:db8:1:2::1' } } as unknown as IncomingMessage, false));
    expect(arrive('2001:db8:1:2:dead:beef:0:7')).toBe(true);
    expect(arrive('::ffff:10.0.0.1')).toBe(false);
    expect(arrive('2001:db8:1:3::1')).toBe(false);
    expect(handed).toEqual(['::ffff:10.0.0.1', '2001:db8:1:3::1']);
  });
});
