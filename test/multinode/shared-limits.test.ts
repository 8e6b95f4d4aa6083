import { describe, expect, it } from 'vitest';
import { type Client, connectClient, request } from '../support/game-client.js';
import { skipWithoutRedis } from '../support/redis-server.js';
import { BACKENDS, closeAll, type Node, skipWithoutBackends, startNode, useRedis, useRedisServer } from './nodes.js';

/**
 * The per-identity limits are counted in Redis when the nodes run on one (rate-limiter-flexible's
 * RateLimiterRedis): an identity spends one budget whichever node its connections are on. While
 * Redis is down each node counts in its own memory with the same budget (the insurance limiter).
 * `lobby:unsubscribe` is a room operation that needs no store: what is measured is the limiter.
 */

const LOTS = { points: 1_000_000, durationSec: 1 };
const codes = async (c: Client, n: number): Promise<string[]> => {
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const r = await request(c.socket, 'lobby:unsubscribe', {});
    out.push(r.ok ? 'ok' : r.code);
  }
  return out;
};
const refusal = (url: string, token: string): Promise<unknown> =>
  connectClient(url, { token }).then(
    (c) => {
      c.close();
      return 'connected';
    },
    (e: unknown) => (e as { data?: { code?: unknown } }).data?.code,
  );

describe.skipIf(skipWithoutBackends()).each(BACKENDS)('limits shared by the nodes on Redis (%s)', (backend) => {
  const redis = useRedis(backend);

  it('room operations of one identity are counted together on two nodes; a flood block holds on both', async () => {
    // the identity's block (every client here is 127.0.0.1: the per-node address deny is server/test/address-gate.test.ts's matter)
    const abuseLimits = { roomOpsPerIdentity: { points: 4, durationSec: 60 }, strikes: 3, floodBlockSec: 60, denyAddressSec: 0 };
    const limits = { rateLimit: LOTS, abuseLimits };
    const nodes: Node[] = [await startNode(redis().target, limits), await startNode(redis().target, limits)];
    const [a, b] = nodes as [Node, Node];
    const clients: Client[] = [];
    try {
      const onA = await connectClient(a.url);
      const onB = await connectClient(b.url, { token: onA.session.token });
      const stranger = await connectClient(b.url);
      clients.push(onA, onB, stranger);
      expect(await codes(onA, 2)).toEqual(['ok', 'ok']);
      // per node in memory, B would have its own 4
      expect(await codes(onB, 3)).toEqual(['ok', 'ok', 'rate-limited']);
      expect(await codes(stranger, 1)).toEqual(['ok']);

      // onB keeps going: its third strike is `flooding`; then the identity is refused on both nodes
      const gone = new Promise((resolve) => onB.socket.once('disconnect', resolve));
      for (let i = 0; i < 5 && onB.socket.connected; i++) await request(onB.socket, 'lobby:unsubscribe', {}, 1000).catch(() => null);
      await gone;
      expect(await refusal(a.url, onA.session.token)).toBe('rate-limited');
      expect(await refusal(b.url, onA.session.token)).toBe('rate-limited');
      expect(await refusal(a.url, stranger.session.token)).toBe('connected');
    } finally {
      await closeAll(clients, nodes);
    }
  });
});

describe.skipIf(skipWithoutRedis())('limits while Redis is down', () => {
  const redis = useRedisServer({ appendOnly: false });

  it('each node counts in its own memory with the same budget: neither open nor closed to everybody', async () => {
    const limits = { rateLimit: LOTS, abuseLimits: { roomOpsPerIdentity: { points: 3, durationSec: 60 }, strikes: 100 } };
    const node = await startNode(redis().url, limits);
    const clients: Client[] = [];
    try {
      const c = await connectClient(node.url);
      const other = await connectClient(node.url);
      clients.push(c, other);
      expect(await codes(c, 1)).toEqual(['ok']);
      await redis().kill();
      await new Promise((r) => setTimeout(r, 200));
      expect(await codes(c, 4)).toEqual(['ok', 'ok', 'ok', 'rate-limited']);
      expect(await codes(other, 1)).toEqual(['ok']);
    } finally {
      await closeAll(clients, [node]);
      await redis().relaunch();
    }
  });
});
