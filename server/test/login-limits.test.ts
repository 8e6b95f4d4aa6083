import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoginLimiter, type LoginLimits } from '../src/accounts/login-limiter.js';
import { passwordHasher } from '../src/accounts/password.js';
import { openRedis, type RedisClient } from '../src/store/redis-client.js';
import { type RedisHandle, skipWithoutRedis, startRedis } from '../../test/support/redis-server.js';
import { useDatabase } from './durable-helpers.js';
import { Client, startServer, type TestServer } from './helpers.js';

const db = useDatabase();

/** A login from `address` (the server trusts the proxy headers here). */
async function login(server: TestServer, username: string, password: string, address: string): Promise<number> {
  const res = await fetch(`${server.url}/api/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-real-ip': address },
    body: JSON.stringify({ username, password }),
  });
  await res.arrayBuffer();
  return res.status;
}

async function withAccount(loginLimits: LoginLimits): Promise<TestServer> {
  const server = await startServer({ database: db(), trustProxy: true, loginLimits });
  const guest = await Client.connect(server);
  const reg = await fetch(`${server.url}/api/account/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-real-ip': '198.51.100.200' },
    body: JSON.stringify({ username: 'victim1', password: 'right password', token: guest.session.token }),
  });
  expect(reg.status).toBe(201);
  return server;
}

const count = (statuses: number[], status: number): number => statuses.filter((s) => s === status).length;

describe('login limits under a burst of parallel attempts', () => {
  it('checks at most the per-account budget of passwords when they all arrive at once, from many addresses', async () => {
    const server = await withAccount({ perAccountAddress: 3, perAccount: 5, perAddress: 30, windowSec: 60 });
    const addresses = Array.from({ length: 10 }, (_, i) => `203.0.113.${i + 1}`);
    const burst = await Promise.all(addresses.flatMap((a) => Array.from({ length: 4 }, () => login(server, 'victim1', 'wrong password', a))));
    // before the points were taken ahead of the check, all 40 were checked (401)
    expect(count(burst, 401)).toBe(5);
    expect(count(burst, 429)).toBe(35);
    // the right password is refused too: the account's budget is spent
    expect(await login(server, 'victim1', 'right password', '203.0.113.99')).toBe(429);
  });

  it('one address cannot lock the owner out: its failures count against itself first', async () => {
    const server = await withAccount({ perAccountAddress: 3, perAccount: 10, perAddress: 30, windowSec: 60 });
    const burst = await Promise.all(Array.from({ length: 8 }, () => login(server, 'victim1', 'wrong password', '203.0.113.7')));
    expect([count(burst, 401), count(burst, 429)]).toEqual([3, 5]);
    // the owner, elsewhere, still logs in
    expect(await login(server, 'victim1', 'right password', '192.0.2.50')).toBe(200);
  });

  it('an IPv6 /64 is one address: a fresh address in the same network shares its budget', async () => {
    const server = await withAccount({ perAccountAddress: 2, perAccount: 10, perAddress: 30, windowSec: 60 });
    expect(await login(server, 'victim1', 'wrong password', '2001:db8:1:2::1')).toBe(401);
    expect(await login(server, 'victim1', 'wrong password', '2001:db8:1:2:ffff::9')).toBe(401);
    expect(await login(server, 'victim1', 'wrong password', '2001:db8:1:2:abcd:1:2:3')).toBe(429);
    expect(await login(server, 'victim1', 'wrong password', '2001:db8:1:3::1')).toBe(401);
  });
});

describe('password hashing in a bounded gate', () => {
  it('runs at most `concurrency` hashes, queues `maxQueue` more and refuses the rest with busy at once', async () => {
    const hasher = passwordHasher({ concurrency: 1, maxQueue: 1 });
    const results = await Promise.allSettled([hasher.hash('one one'), hasher.hash('two two'), hasher.hash('three three')]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
    expect((results[2] as PromiseRejectedResult).reason).toMatchObject({ code: 'busy' });
    // the gate empties: a hash is taken again, and checks against itself
    const stored = await hasher.hash('four four');
    expect(await hasher.verify('four four', stored)).toBe(true);
    expect(await hasher.verify('five five', stored)).toBe(false);
  });

  it('a flood of logins past the queue is answered 503 busy, not queued behind the others', async () => {
    const server = await startServer({
      database: db(),
      trustProxy: true,
      passwordHashing: { concurrency: 1, maxQueue: 1 },
    });
    const burst = await Promise.all(Array.from({ length: 8 }, (_, i) => login(server, `nobody${i}`, 'wrong password', `203.0.113.${i + 1}`)));
    expect(count(burst, 401) + count(burst, 503)).toBe(8);
    expect(count(burst, 503)).toBeGreaterThan(0);
    const busy = await fetch(`${server.url}/api/account/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'x_y', password: 'whatever' }),
    });
    // (alone now, it is checked)
    expect(busy.status).toBe(401);
  });
});

describe.skipIf(skipWithoutRedis())('login limits counted in Redis', () => {
  let redis: RedisHandle;
  let clients: RedisClient[] = [];
  beforeAll(async () => {
    redis = await startRedis({ appendOnly: false });
  });
  afterAll(async () => {
    for (const c of clients) c.disconnect();
    await redis.stop();
  });

  it('two nodes check at most the budget between them when attempts arrive at once', async () => {
    clients = [openRedis(redis.url), openRedis(redis.url)];
    // connected first: a limiter counts in memory while its client is not ready (shared-limiter.ts)
    await Promise.all(clients.map((c) => c.ping()));
    const limits: LoginLimits = { perAccountAddress: 4, perAccount: 6, perAddress: 100, windowSec: 60 };
    const nodes = clients.map((c) => new LoginLimiter(limits, c));
    let checked = 0;
    const verify = async (): Promise<boolean> => {
      checked += 1;
      return false;
    };
    const attempts = Array.from({ length: 40 }, (_, i) =>
      (nodes[i % 2] as LoginLimiter).attempt('victim1', `10.0.0.${i % 5}`, verify).then(
        () => 'checked',
        (e: unknown) => (e as { code?: string }).code,
      ),
    );
    const results = await Promise.all(attempts);
    expect(checked).toBe(6);
    expect(results.filter((r) => r === 'rate-limited')).toHaveLength(34);
  });
});
