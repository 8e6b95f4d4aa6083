import type { Session } from '@progressive-chess/shared';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/src/db/database.js';
import { openDatabase } from '../../server/src/db/open-database.js';
import { BACKENDS, closeAll, skipWithoutBackends, startNode, useRedis, type Node } from './nodes.js';

/** A browser tab: a socket with the session cookie at its handshake (reconnection off: a disconnect stays visible). */
async function tab(url: string, cookie: string | undefined, auth: { token?: string } = {}): Promise<{ socket: Socket; session: Session }> {
  const socket = io(url, { transports: ['websocket'], forceNew: true, reconnection: false, auth, ...(cookie ? { extraHeaders: { cookie } } : {}) });
  const session = await new Promise<Session>((resolve, reject) => {
    socket.once('session', resolve);
    socket.once('connect_error', reject);
  });
  return { socket, session };
}

const disconnected = (s: Socket): Promise<string> => new Promise((resolve) => s.once('disconnect', (reason) => resolve(reason)));

async function post(url: string, path: string, body: unknown, cookie?: string): Promise<{ status: number; cookie: string }> {
  const res = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  await res.arrayBuffer();
  return { status: res.status, cookie: res.headers.get('set-cookie')?.split(';')[0] ?? '' };
}

describe.skipIf(skipWithoutBackends()).each(BACKENDS)('ending sessions disconnects their sockets on every node (%s)', (backend) => {
  const redis = useRedis(backend);
  let db: Database;
  beforeAll(async () => {
    db = await openDatabase({});
  }, 120_000);
  afterAll(async () => {
    await db.close();
  });

  it('log out ends its own session\'s sockets; log out everywhere the account\'s, on the other node too', async () => {
    const nodes: Node[] = await Promise.all([startNode(redis().target, { database: db }), startNode(redis().target, { database: db })]);
    const [a, b] = nodes as [Node, Node];
    const tabs: Socket[] = [];
    try {
      const guest = await tab(a.url, undefined);
      tabs.push(guest.socket);
      const reg = await post(a.url, '/api/account/register', { username: 'leaver', password: 'secret pass', token: guest.session.token });
      expect(reg.status).toBe(201);
      const other = await post(b.url, '/api/account/login', { username: 'leaver', password: 'secret pass' });
      const here = (await tab(a.url, reg.cookie)).socket;
      const there = (await tab(b.url, other.cookie)).socket;
      const thereToo = (await tab(a.url, other.cookie)).socket;
      tabs.push(here, there, thereToo);

      // log out (this session): its socket goes, the other device's stay
      const hereGone = disconnected(here);
      expect((await post(a.url, '/api/account/logout', {}, reg.cookie)).status).toBe(200);
      expect(await hereGone).toBe('io server disconnect');
      expect(there.connected && thereToo.connected).toBe(true);
      const listed = (await there.timeout(5000).emitWithAck('lobby:subscribe', {})) as { ok: boolean };
      expect(listed.ok).toBe(true);

      // log out everywhere, from node A: the account's sockets go on both nodes, and none acts as it again
      const login = await post(a.url, '/api/account/login', { username: 'leaver', password: 'secret pass' });
      const gone = [disconnected(there), disconnected(thereToo)];
      expect((await post(a.url, '/api/account/logout', { everywhere: true }, login.cookie)).status).toBe(200);
      expect(await Promise.all(gone)).toEqual(['io server disconnect', 'io server disconnect']);
      // their cookie signs nobody in now: a new handshake with it is a new guest
      const after = await tab(b.url, other.cookie);
      tabs.push(after.socket);
      expect(after.session.playerId).not.toBe(guest.session.playerId);
    } finally {
      for (const s of tabs) s.disconnect();
      await closeAll([], nodes);
    }
  });
});
