import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { clientAddress } from '../src/transport/abuse-limits.js';
import { Client, createGame, startServer } from './helpers.js';

const LOTS = { points: 10_000, durationSec: 1 };
const codeOf = (e: unknown): unknown => (e as { data?: { code?: unknown } }).data?.code;

describe('limits per identity and per address', () => {
  it('open connections per identity: the one past the limit is refused `too-many-connections`, a freed slot is reusable', async () => {
    const server = await startServer({ abuseLimits: { connectionsPerIdentity: 3 } });
    const first = await Client.connect(server);
    const token = first.session.token;
    const more = await Promise.all([1, 2].map(() => Client.connect(server, { token })));
    const refused = await Client.connect(server, { token }).catch((e: unknown) => e);
    expect(codeOf(refused)).toBe('too-many-connections');
    // another identity is not affected
    await expect(Client.connect(server)).resolves.toBeDefined();
    more[0]?.close();
    await new Promise((r) => setTimeout(r, 100));
    await expect(Client.connect(server, { token })).resolves.toBeDefined();
  });

  it('open connections and handshakes per address', async () => {
    const server = await startServer({ abuseLimits: { connectionsPerAddress: 2 } });
    await Client.connect(server);
    await Client.connect(server);
    expect(codeOf(await Client.connect(server).catch((e: unknown) => e))).toBe('too-many-connections');
    const limited = await startServer({ abuseLimits: { handshakesPerAddress: { points: 3, durationSec: 60 } } });
    for (let i = 0; i < 3; i++) await Client.connect(limited);
    expect(codeOf(await Client.connect(limited).catch((e: unknown) => e))).toBe('rate-limited');
  });

  it('events per identity are shared by all its connections; room operations have their own budget', async () => {
    const server = await startServer({
      rateLimit: LOTS,
      abuseLimits: { eventsPerIdentity: { points: 6, durationSec: 60 }, strikes: 100 },
    });
    const a = await Client.connect(server);
    const b = await Client.connect(server, { token: a.session.token });
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await a.send('session:setName', { name: `A${i}` }));
    for (let i = 0; i < 4; i++) answers.push(await b.send('session:setName', { name: `B${i}` }));
    expect(answers.map((r) => (r.ok ? 'ok' : r.code))).toEqual(['ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'rate-limited', 'rate-limited']);

    const rooms = await startServer({ rateLimit: LOTS, abuseLimits: { roomOpsPerIdentity: { points: 3, durationSec: 60 }, strikes: 100 } });
    const [white, black] = await Promise.all([Client.connect(rooms), Client.connect(rooms)]);
    const gameId = await createGame(rooms, white, black);
    const joins = [];
    for (let i = 0; i < 4; i++) joins.push(await white.send('game:join', { gameId }));
    expect(joins.map((r) => (r.ok ? 'ok' : r.code))).toEqual(['ok', 'ok', 'ok', 'rate-limited']);
    // moves are not room operations
    expect((await white.send('game:move', { gameId, version: 1, move: 'e2e4' })).ok).toBe(true);
  });

  it('a connection that keeps exceeding its limits is told `flooding` and disconnected', async () => {
    const server = await startServer({ rateLimit: { points: 5, durationSec: 60 }, abuseLimits: { strikes: 10 } });
    const c = await Client.connect(server);
    const flooding = c.next('error', (e) => e.code === 'flooding');
    const gone = new Promise<string>((resolve) => c.socket.once('disconnect', resolve));
    for (let i = 0; i < 30 && c.socket.connected; i++) void c.send('lobby:subscribe', {}).catch(() => undefined);
    expect(await flooding).toEqual({ code: 'flooding', message: expect.any(String) });
    expect(await gone).toBe('io server disconnect');
  });

  it('the client address: the peer, or behind a trusted proxy X-Real-IP, else the last X-Forwarded-For entry', () => {
    const req = (headers: Record<string, string>): IncomingMessage =>
      ({ headers, socket: { remoteAddress: '10.0.0.1' } }) as unknown as IncomingMessage;
    expect(clientAddress(req({ 'x-real-ip': '1.2.3.4' }), false)).toBe('10.0.0.1');
    expect(clientAddress(req({ 'x-real-ip': '1.2.3.4' }), true)).toBe('1.2.3.4');
    expect(clientAddress(req({ 'x-forwarded-for': '6.6.6.6, 5.6.7.8' }), true)).toBe('5.6.7.8');
    expect(clientAddress(req({}), true)).toBe('10.0.0.1');
  });
});
