import type { Redis } from 'ioredis';
import { adapterKind } from './adapters.js';
import type { NodeConfig, NodeSample } from './bench-node.js';
import type { LoopSample } from './loop-monitor.js';
import { child, stopChild } from './child.js';
import type { LoadConfig, LoadResult } from './load.js';
import { startBotLoad, type BotLoadResult } from './bot-load.js';
import { hostCpu, stolenPct, type HostCpu } from './host-steal.js';

/**
 * One measured run of the server benchmark: one mode on 1 or 2 nodes. `floor`: the messaging floor;
 * `app`: the game server; `bots`: the game server with games against the computer beside the load;
 * `memory`: the game server on the in-memory store (1 node only: no store round trips).
 * `durable`: the same store journaled to a temp folder (what `npm start` runs without Redis).
 */
export type BenchMode = 'floor' | 'app' | 'baseline' | 'bots' | 'memory' | 'durable';

export interface PhaseConfig {
  readonly mode: BenchMode;
  /** Server nodes in all, bystanders included. */
  readonly nodes: number;
  /** Of them, nodes that no connection of the load reaches (none when absent): see `NodeLayout`. */
  readonly bystanders?: number;
  /** Mode `baseline`: the root of the other checkout whose built server it runs. */
  readonly baselineRoot?: string;
  readonly redisUrl: string;
  readonly games: number;
  readonly seconds: number;
  readonly warmupMs: number;
  readonly thinkMs: number;
  /** Spread of the think time, 0..1 (table.ts `thinkDelay`). */
  readonly thinkJitter?: number;
  /** Games against the computer running beside the load (`bots` mode only). */
  readonly bots?: number;
}

export interface PhaseResult extends LoadResult {
  readonly mode: BenchMode;
  readonly nodes: number;
  readonly bystanders: number;
  /** CPU of each server node, percent of one core. */
  readonly serverCpu: readonly number[];
  /** Server CPU (all nodes) per move, ms. */
  readonly cpuMsPerMove: number;
  /** Commands the servers sent to Redis per move: for the game state, and adapter publishes (null: not counted). */
  readonly storePerMove: number;
  readonly publishPerMove: number | null;
  /** Adapter messages each node's subscriber received per move (null: not counted), in node order. */
  readonly receivedPerMove: readonly number[] | null;
  /** The store commands by name, per move (all nodes). */
  readonly storeByName: Record<string, number>;
  readonly redisCpu: number;
  /** Commands Redis executed per move (INFO commandstats, scripts' inner calls included). */
  readonly redisCallsPerMove: number;
  /** Each server node's event-loop delay and GC pauses over the window. */
  readonly loop: readonly LoopSample[];
  /** Percent of the host's CPU time stolen by the hypervisor over the window (null: not Linux). */
  readonly stealPct: number | null;
  readonly bots?: BotLoadResult;
}

interface RedisSample {
  readonly cpuSec: number;
  readonly calls: number;
}

/** Redis CPU seconds so far (INFO cpu) and commands executed so far (INFO commandstats, without INFO itself). */
async function redisSample(admin: Redis): Promise<RedisSample> {
  const info = await admin.info('all');
  const field = (name: string): number => Number(new RegExp(`^${name}:([0-9.]+)`, 'm').exec(info)?.[1] ?? 0);
  let calls = 0;
  for (const m of info.matchAll(/^cmdstat_([a-z|]+):calls=(\d+)/gm)) if (m[1] !== 'info') calls += Number(m[2]);
  return { cpuSec: field('used_cpu_sys') + field('used_cpu_user'), calls };
}

const sum = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0);

function addCounts(into: Record<string, number>, from: Record<string, number>): void {
  for (const [k, v] of Object.entries(from)) into[k] = (into[k] ?? 0) + v;
}

export async function runPhase(cfg: PhaseConfig, admin: Redis): Promise<PhaseResult> {
  const { mode, nodes } = cfg;
  const bystanders = cfg.bystanders ?? 0;
  const server = mode === 'floor' ? 'floor' : 'app';
  const node: NodeConfig = {
    mode: server,
    redisUrl: cfg.redisUrl,
    prefix: 'bench:',
    adapter: nodes > 1,
    adapterKind: adapterKind(),
    ...(mode === 'memory' || mode === 'durable' ? { memoryStore: true } : {}),
    ...(mode === 'durable' ? { journaled: true } : {}),
    ...(mode === 'baseline' && cfg.baselineRoot !== undefined ? { serverRoot: cfg.baselineRoot } : {}),
  };
  if (mode === 'baseline' && cfg.baselineRoot === undefined) throw new Error('mode baseline needs BENCH_BASELINE (the root of another built checkout)');
  const servers = Array.from({ length: nodes }, () => child('./bench-node.ts', node));
  try {
    const ports = await Promise.all(servers.map((s) => s.next('READY')));
    const samples: Promise<string>[] = [];
    let redis0: Promise<RedisSample> = Promise.resolve({ cpuSec: 0, calls: 0 });
    let redis1: Promise<RedisSample> = redis0;
    let at = 0;
    let redisMs = 0;
    let host0: HostCpu | null = null;
    let host1: HostCpu | null = null;
    const loadCfg: LoadConfig = {
      mode: server,
      // the bystanders are the last nodes: in the cluster, no game's connection is on them
      urls: ports.slice(0, nodes - bystanders).map((p) => `http://127.0.0.1:${p}`),
      games: cfg.games,
      warmupMs: cfg.warmupMs,
      durationMs: cfg.seconds * 1000,
      thinkMs: cfg.thinkMs,
      thinkJitter: cfg.thinkJitter ?? 0,
      // every sample, for the p99 of all runs pooled (server-report.ts)
      keepLatencies: true,
    };
    const bots = startBotLoad({
      urls: loadCfg.urls,
      games: mode === 'bots' ? (cfg.bots ?? 0) : 0,
      // Until the measured window closes (stop below); the bound only covers a load that never reports.
      durationMs: cfg.warmupMs + cfg.seconds * 1000 + 120_000,
      level: 3,
    });
    const load = child('./load.ts', loadCfg, (line) => {
      if (line === 'MARK start') {
        for (const s of servers) s.proc.stdin?.write('mark\n');
        at = performance.now();
        host0 = hostCpu();
        redis0 = redisSample(admin);
      }
      if (line === 'MARK end') {
        redisMs = performance.now() - at;
        host1 = hostCpu();
        redis1 = redisSample(admin);
        for (const s of servers) {
          samples.push(s.next('CPU'));
          s.proc.stdin?.write('report\n');
        }
      }
    });
    const result = JSON.parse(await load.next('RESULT')) as LoadResult;
    bots?.stop();
    await stopChild(load);
    const botResult = await bots?.result();
    const nodeSamples = (await Promise.all(samples)).map((j) => JSON.parse(j) as NodeSample);
    const [r0, r1] = await Promise.all([redis0, redis1]);
    const moves = Math.max(1, result.moves);
    const store: Record<string, number> = {};
    for (const s of nodeSamples) addCounts(store, s.store);
    const publishes = nodeSamples.map((s) => s.adapter?.published ?? null);
    const received = nodeSamples.map((s) => s.adapter?.received ?? null);
    return {
      ...result,
      mode,
      nodes,
      bystanders,
      serverCpu: nodeSamples.map((s) => s.cpuPct),
      cpuMsPerMove: sum(nodeSamples.map((s) => s.cpuMs)) / moves,
      storePerMove: sum(Object.values(store)) / moves,
      publishPerMove: publishes.some((p) => p === null) ? null : sum(publishes.map((p) => p ?? 0)) / moves,
      receivedPerMove: received.some((p) => p === null) ? null : received.map((p) => (p ?? 0) / moves),
      storeByName: Object.fromEntries(Object.entries(store).map(([k, v]) => [k, v / moves])),
      redisCpu: ((r1.cpuSec - r0.cpuSec) * 100_000) / Math.max(1, redisMs),
      redisCallsPerMove: (r1.calls - r0.calls) / moves,
      loop: nodeSamples.map((s) => s.loop),
      stealPct: stolenPct(host0, host1),
      ...(botResult ? { bots: botResult } : {}),
    };
  } finally {
    await Promise.all(servers.map(stopChild));
  }
}
