import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { clientAddress } from '../src/transport/abuse-limits.js';
import { createMemoryStore } from '../src/store/memory-store.js';
import type { Store } from '../src/store/store.js';
import { Client, createGame, startServer } from './helpers.js';

const LOTS = { points: 10_000, durationSec: 1 };
/** A memory store that counts its reads (every method but writes would do; players and games are what a handshake reads). */
function spiedStore(): Store & { reads(): number } {
  const store = createMemoryStore();
  let reads = 0;
  const counted = <A extends unknown[], R>(f: (...a: A) => Promise<R>) => (...a: A): Promise<R> => {
    reads++;
    return f(...a);
  };
  return Object.assign(store, {
    getPlayer: counted(store.getPlayer.bind(store)),
    loadGame: counted(store.loadGame.bind(store)),
    loadGameHead: counted(store.loadGameHead.bind(store)),
    gameVersion: counted(store.gameVersion.bind(store)),
    reads: () => reads,
  });
}

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
  });

  it('handshakes per address are refused by engine.io: never a socket, never a store read', async () => {
    const store = spiedStore();
    const limited = await startServer({ store, abuseLimits: { handshakesPerAddress: { points: 3, durationSec: 60 } } });
    for (let i = 0; i < 3; i++) await Client.connect(limited);
    const reads = store.reads();
    const refused = await Client.connect(limited).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(Error);
    expect(codeOf(refused)).toBeUndefined(); // a 403 before the upgrade: no Socket.IO handshake to carry a code
    expect(store.reads()).toBe(reads);
    expect(limited.app.io.of('/').sockets.size).toBe(3);
    expect(limited.app.io.engine.clientsCount).toBe(3); // not even an engine.io connection
    // an exempt address has no per-address limit
    const exempt = await startServer({ abuseLimits: { handshakesPerAddress: { points: 1, durationSec: 60 }, exemptAddresses: ['127.0.0.1'] } });
    for (let i = 0; i < 3; i++) await Client.connect(exempt);
  });

  it('new players per address: a handshake that would make one more is refused rate-limited, a known token still connects', async () => {
    const server = await startServer({ abuseLimits: { newPlayersPerAddress: { points: 2, durationSec: 3600 } } });
    const first = await Client.connect(server);
    await Client.connect(server);
    const refused = await Client.connect(server).catch((e: unknown) => e);
    expect(codeOf(refused)).toBe('rate-limited');
    expect((await Client.connect(server, { token: first.session.token })).id).toBe(first.id);
    const exempt = await startServer({ abuseLimits: { newPlayersPerAddress: { points: 1, durationSec: 3600 }, exemptAddresses: ['127.0.0.1'] } });
    for (let i = 0; i < 3; i++) await Client.connect(exempt);
  });

  it('seeks and games against the computer created per address: past the budget rate-limited, whichever identity asks', async () => {
    const server = await startServer({ abuseLimits: { creationsPerAddress: { points: 2, durationSec: 3600 } } });
    const [alice, bob] = await Promise.all([Client.connect(server), Client.connect(server)]);
    const seek = { variant: 'scottish', timeControl: { kind: 'none' }, color: 'white', visibility: 'public' } as const;
    await alice.ok('seek:create', seek);
    await alice.ok('seek:create', { ...seek, visibility: 'private' });
    expect(await bob.send('seek:create', seek)).toMatchObject({ ok: false, code: 'rate-limited' });
    expect(await bob.send('bot:play', { variant: 'scottish', timeControl: { kind: 'none' }, color: 'white', level: 1 })).toMatchObject({ ok: false, code: 'rate-limited' });
    // other events are not counted
    expect(await bob.send('lobby:subscribe', {})).toMatchObject({ ok: true });
  });

  it('an identity with all its connections open is refused before its token is read from the store', async () => {
    const store = spiedStore();
    const server = await startServer({ store, abuseLimits: { connectionsPerIdentity: 2 } });
    const first = await Client.connect(server);
    await Client.connect(server, { token: first.session.token });
    const reads = store.reads();
    for (let i = 0; i < 5; i++) {
      expect(codeOf(await Client.connect(server, { token: first.session.token }).catch((e: unknown) => e))).toBe('too-many-connections');
    }
    expect(store.reads()).toBe(reads);
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

  it('an identity disconnected for flooding is refused for `floodBlockSec`, before any store read; others are not', async () => {
    const store = spiedStore();
    // the identity's block alone: every client here shares 127.0.0.1, whose deny is address-gate.test.ts's matter
    const server = await startServer({
      store,
      rateLimit: { points: 5, durationSec: 60 },
      abuseLimits: { strikes: 3, floodBlockSec: 1, denyAddressSec: 0 },
    });
    const c = await Client.connect(server);
    const gone = new Promise<string>((resolve) => c.socket.once('disconnect', resolve));
    for (let i = 0; i < 12 && c.socket.connected; i++) void c.send('lobby:online', {}).catch(() => undefined);
    await gone;
    const reads = store.reads();
    const refused = await Client.connect(server, { token: c.session.token }).catch((e: unknown) => e);
    expect(codeOf(refused)).toBe('rate-limited');
    expect(store.reads()).toBe(reads);
    await expect(Client.connect(server)).resolves.toBeDefined();
    await new Promise((r) => setTimeout(r, 1100));
    await expect(Client.connect(server, { token: c.session.token })).resolves.toBeDefined();
  });

  it('the client address: the peer, or behind a trusted proxy X-Real-IP, else the last X-Forwarded-For entry', () => {
    const req = (headers: Record<string, string>): IncomingMessage =>
      ({ headers, socket: { remoteAddress: '10.0.0.1' } }) as unknown as IncomingMessage;
    expect(clientAddress(req({ 'x-real-ip': '1.2.3.4' }), false)).toBe('10.0.0.1');
    expect(clientAddress(req({ 'x-real-ip': '1.2.3.4' }), true)).toBe('1.2.3.4');
    expect(clientAddress(req({ 'x-forwarded-for': '6.6.6.6, 5.6.7.8' }), true)).toBe('5.6.7.8');
    expect(clientAddress(req({}), true)).toBe('10.0.0.1');
  });

  it('an IPv6 client is counted by its /64 (it can pick any address in it), an IPv4-mapped one as IPv4', () => {
    const peer = (remoteAddress: string, headers: Record<string, string> = {}): IncomingMessage =>
      ({ headers, socket: { remoteAddress } }) as unknown as IncomingMessage;
    const one = clientAddress(peer('2001:db8:1:2:aaaa::1'), false);
    expect(one).toBe('2001:db8:1:2::/64');
    expect(clientAddress(peer('2001:0DB8:0001:0002:ffff:1:2:3'), false)).toBe(one);
    expect(clientAddress(peer('2001:db8:1:3::1'), false)).not.toBe(one);
    expect(clientAddress(peer('::ffff:1.2.3.4'), false)).toBe('1.2.3.4');
    expect(clientAddress(peer('10.0.0.1', { 'x-real-ip': '2001:db8:1:2::99' }), true)).toBe(one);
    expect(clientAddress(peer('10.0.0.1', { 'x-forwarded-for': '6.6.6.6, ::ffff:5.6.7.8' }), true)).toBe('5.6.7.8');
  });
});
