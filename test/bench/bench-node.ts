import { createInterface } from 'node:readline';
import { type AdapterCounts, startFloorServer } from './floor-server.js';
import { startAppNode } from './app-node.js';
import type { AdapterKind } from './adapters.js';
import { windowProfiler } from './window-profiler.js';
import { loopMonitor, type LoopSample } from './loop-monitor.js';

/**
 * One server under test, in its own process: `floor` (bare Socket.IO + Redis) or `app` (the
 * game server on the Redis store). Argument: JSON { mode, redisUrl, prefix, adapter }.
 * Prints `READY <port>`; on stdin `mark` starts a sample, `report` prints `CPU <NodeSample json>` and
 * `rss` prints `RSS <bytes>`.
 */

/** What one node did between `mark` and `report`. */
export interface NodeSample {
  /** CPU use in percent of one core, and in ms. */
  readonly cpuPct: number;
  readonly cpuMs: number;
  /** Redis commands sent by the game state's client, by name. */
  readonly store: Record<string, number>;
  /** The pub/sub adapter's messages: published by this node, and received by its subscriber (null: another adapter). */
  readonly adapter: AdapterCounts | null;
  /** The node's event-loop delay and GC pauses over the window. */
  readonly loop: LoopSample;
}

export interface NodeConfig {
  readonly mode: 'app' | 'floor';
  readonly redisUrl: string;
  readonly prefix: string;
  readonly adapter: boolean;
  /** App only: 'off' (default) lifts every limit; 'per-identity' keeps the limits that stop one abusive identity. */
  readonly limits?: 'off' | 'per-identity';
  /** App only: overrides the abuse limits' `denyAddressSec` (bench:abuse `--deny-sec`, e.g. 0 to compare without the deny list). */
  readonly denyAddressSec?: number;
  /** Which cross-node adapter when `adapter` (default pubsub). */
  readonly adapterKind?: AdapterKind;
  /** App only: the in-memory store instead of Redis (one node). */
  readonly memoryStore?: boolean;
  /** With `memoryStore`: journaled to a temp folder (the durable store of a node without Redis). */
  readonly journaled?: boolean;
  /** App only: another checkout's built server (its root), the baseline of an A/B run. */
  readonly serverRoot?: string;
}

const cfg = JSON.parse(process.argv[2] ?? '{}') as NodeConfig;
const server = cfg.mode === 'floor' ? await startFloorServer(cfg) : await startAppNode(cfg);
process.stdout.write(`READY ${server.port}\n`);

const profiler = windowProfiler(process.env.BENCH_PROF, cfg.mode);
const loop = loopMonitor();
let cpu = process.cpuUsage();
let at = performance.now();
let adapter0: AdapterCounts | null = null;
createInterface({ input: process.stdin }).on('line', (line) => {
  if (line === 'mark') {
    cpu = process.cpuUsage();
    at = performance.now();
    server.counters?.store.reset();
    adapter0 = server.counters?.adapter?.() ?? null;
    loop.reset();
    void profiler.start();
  } else if (line === 'report') {
    void profiler.stop();
    const used = process.cpuUsage(cpu);
    const cpuMs = (used.user + used.system) / 1000;
    const sample: NodeSample = {
      cpuPct: (cpuMs / (performance.now() - at)) * 100,
      cpuMs,
      store: Object.fromEntries(server.counters?.store.counts ?? []),
      adapter: adapterSince(adapter0, server.counters?.adapter?.() ?? null),
      loop: loop.sample(),
    };
    process.stdout.write(`CPU ${JSON.stringify(sample)}\n`);
  } else if (line === 'rss') {
    process.stdout.write(`RSS ${process.memoryUsage().rss}\n`);
  }
});

function adapterSince(from: AdapterCounts | null, to: AdapterCounts | null): AdapterCounts | null {
  if (!from || !to) return null;
  return { published: to.published - from.published, received: to.received - from.received };
}

const stop = async (): Promise<void> => {
  await server.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
