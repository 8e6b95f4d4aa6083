import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AbuseLimitOptions } from '../../server/src/transport/limit-options.js';
import { loadBuiltServer } from './built-server.js';
import { type AdapterKind, useStreamsAdapter } from './adapters.js';
import { countCommands } from '../support/command-counter.js';
import type { FloorServer } from './floor-server.js';

const LOTS = { points: 1_000_000, durationSec: 1 };
/** Every client of the load generator shares one address and may open many connections. */
export const UNLIMITED: Partial<AbuseLimitOptions> = {
  connectionsPerIdentity: 1_000_000,
  connectionsPerAddress: 1_000_000,
  handshakesPerAddress: LOTS,
  newPlayersPerAddress: LOTS,
  eventsPerIdentity: LOTS,
  eventsPerAddress: LOTS,
  roomOpsPerIdentity: LOTS,
  creationsPerAddress: LOTS,
};

/** The address of the players of the benchmarks and tests (the flood of bench:abuse may use another, see flood.ts). */
export const PLAYERS_ADDRESS = '127.0.0.1';

/**
 * What bench:abuse keeps: the per-identity limits that stop one abusive identity (open connections,
 * room operations, strikes, the block after a flooding disconnect) and the per-address limits for
 * every address but the players' 127.0.0.1 (all players share it). Events per connection and
 * identity stay unlimited so the normal players, who move as fast as the acks come back, are never refused.
 */
export const PER_IDENTITY: Partial<AbuseLimitOptions> = {
  exemptAddresses: [PLAYERS_ADDRESS],
  eventsPerIdentity: LOTS,
};

/**
 * The real game server, compiled as `npm start` runs it (built-server.ts), on the Redis store,
 * configured for load (no rate limit to speak of by default). `memoryStore`: on the in-memory
 * store instead (one node only): the same node without the store's round trips, a second floor
 * that tells the node's own cost from the round trip's.
 */
export async function startAppNode(cfg: {
  redisUrl: string;
  prefix: string;
  adapter: boolean;
  limits?: 'off' | 'per-identity';
  denyAddressSec?: number;
  adapterKind?: AdapterKind;
  memoryStore?: boolean;
  /** With `memoryStore`: journaled to a temp folder, removed on close (the durable store). */
  journaled?: boolean;
  /** Another checkout's built server instead of this one's (its root: bench:server BENCH_BASELINE). */
  serverRoot?: string;
}): Promise<FloorServer> {
  if (cfg.memoryStore && cfg.adapter) throw new Error('the in-memory store serves one node only');
  if (cfg.adapter && cfg.adapterKind === 'classic') throw new Error('the game server ships the sharded adapter: BENCH_ADAPTER=classic measures the floor only (BENCH_MODES=floor)');
  const { createApp, computeFromEnv, createMemoryStore, createRedisStore, DurableStore } = await loadBuiltServer(cfg.serverRoot);
  const redisStore = cfg.memoryStore ? null : createRedisStore(cfg.redisUrl, { prefix: cfg.prefix });
  const journalDir = cfg.journaled ? mkdtempSync(join(tmpdir(), 'bench-journal-')) : null;
  const store = redisStore ?? (journalDir === null ? createMemoryStore() : DurableStore.open(journalDir));
  const streams = cfg.adapter && cfg.adapterKind === 'streams';
  const pubsub = cfg.adapter && !streams;
  const app = createApp({
    store,
    // As the server's entry point makes it (COMPUTE_* settings of the environment).
    compute: computeFromEnv(process.env),
    ...(pubsub ? { redis: { url: cfg.redisUrl } } : {}),
    rateLimit: { points: 1_000_000, durationSec: 1 },
    abuseLimits: {
      ...(cfg.limits === 'per-identity' ? PER_IDENTITY : UNLIMITED),
      ...(cfg.denyAddressSec === undefined ? {} : { denyAddressSec: cfg.denyAddressSec }),
    },
  });
  // The streams adapter replaces the default in-memory one (measurement only: no resubscription hook).
  const closeStreams = streams ? useStreamsAdapter(app.io, cfg.redisUrl, cfg.prefix) : null;
  const address = await app.listen(0, '127.0.0.1');
  return {
    port: address.port,
    // the adapter's messages as the app counts them (its traffic since it started)
    ...(redisStore ? { counters: { store: countCommands(redisStore.client), adapter: pubsub ? () => app.adapterTraffic() ?? { published: 0, received: 0 } : null } } : {}),
    async close() {
      await app.close();
      await closeStreams?.();
      await store.close();
      if (journalDir !== null) rmSync(journalDir, { recursive: true, force: true });
    },
  };
}
