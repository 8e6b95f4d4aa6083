import { Agent, createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { drainOf } from '../src/http/drain.js';

/** The graceful stop's HTTP side (http/drain.ts) on a real server and a keep-alive client. */

const held: ServerResponse[] = [];
const arrived: Array<() => void> = [];
let server: Server;
let agent: Agent;
beforeEach(() => {
  server = createServer((_req, res) => {
    held.push(res);
    arrived.shift()?.();
  });
  agent = new Agent({ keepAlive: true });
});
afterEach(() => {
  agent.destroy();
  server.closeAllConnections();
  server.close();
  held.length = 0;
});

async function listen(): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** Sends a GET and resolves once the server holds it; the response (or the error) comes later. */
async function get(port: number): Promise<{ answer: Promise<IncomingMessage | Error> }> {
  const reached = new Promise<void>((resolve) => arrived.push(resolve));
  const answer = new Promise<IncomingMessage | Error>((resolve) => {
    request({ host: '127.0.0.1', port, agent, path: '/' }, resolve).on('error', resolve).end();
  });
  await reached;
  return { answer };
}

describe('draining the HTTP server on shutdown', () => {
  it('answers a request already in flight with Connection: close once draining has started', async () => {
    const port = await listen();
    const drain = drainOf(server, 60_000);
    const { answer } = await get(port);
    drain.start();
    expect(drain.draining).toBe(true);
    held[0]?.end('done');
    const res = await answer;
    expect(res).not.toBeInstanceOf(Error);
    expect((res as IncomingMessage).headers.connection).toBe('close');
  });

  it('keeps the connection open for more requests while the server runs', async () => {
    const port = await listen();
    drainOf(server, 60_000);
    const { answer } = await get(port);
    held[0]?.end('done');
    expect((await answer as IncomingMessage).headers.connection).toBe('keep-alive');
  });

  it('answers a request that arrives while draining with Connection: close', async () => {
    const port = await listen();
    const drain = drainOf(server, 60_000);
    const first = await get(port);
    held[0]?.end('done');
    await first.answer;
    drain.start();
    const second = await get(port);
    held[1]?.end('done');
    expect(((await second.answer) as IncomingMessage).headers.connection).toBe('close');
  });

  it('cuts a request that never finishes after the grace, so the close completes', async () => {
    const port = await listen();
    const drain = drainOf(server, 20);
    const { answer } = await get(port);
    drain.start();
    await drain.close(() => new Promise<void>((resolve) => server.close(() => resolve())));
    expect(await answer).toBeInstanceOf(Error);
    expect(server.listening).toBe(false);
  });
});
