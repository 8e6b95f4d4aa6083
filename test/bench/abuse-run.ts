import type { NodeConfig, NodeSample } from './bench-node.js';
import { child, stopChild, type Child } from './child.js';
import type { FloodConfig, FloodResult } from './flood.js';
import type { LoadConfig, LoadResult } from './load.js';

/**
 * One run of bench:abuse on a fresh game-server node: the normal games without the flood, and the
 * flood alone then with the games (in either order, so neither always runs first). See abuse.bench.ts.
 */

export interface AbuseRunConfig {
  readonly redisUrl: string;
  readonly games: number;
  readonly seconds: number;
  readonly warmupMs: number;
  /** Pause of the players between a move's event and their next move (0: saturating). */
  readonly thinkMs: number;
  readonly sockets: number;
  readonly floodAddress: string;
  /** Overrides the node's `denyAddressSec` (0: no deny list, to compare). */
  readonly denyAddressSec?: number;
  /** Run the phase with the flood first. */
  readonly floodFirst: boolean;
}

export interface AbuseRunResult {
  readonly quiet: LoadResult;
  readonly loud: LoadResult;
  /** The node's CPU ms per second of wall-clock time: nothing (its timers), games alone, flood alone, both. */
  readonly idleCpu: number;
  readonly quietCpu: number;
  readonly floodCpu: number;
  readonly loudCpu: number;
  readonly flood: FloodResult;
  /** The node's event-loop delay p99 (ms) over the games' phases: without and with the flood (setup and warm-up included). */
  readonly quietLoopMs: number;
  readonly loudLoopMs: number;
}

/** How long the flood runs alone before its CPU is sampled, and for how long it is sampled. */
const FLOOD_SETTLE_MS = 2000;
const FLOOD_SAMPLE_MS = 3000;

export function appNode(redisUrl: string, prefix: string, denyAddressSec?: number): Child {
  const cfg: NodeConfig = { mode: 'app', redisUrl, prefix, adapter: false, limits: 'per-identity', ...(denyAddressSec === undefined ? {} : { denyAddressSec }) };
  return child('./bench-node.ts', cfg);
}

/** What the node did over `run`: its CPU ms per second (of wall-clock time) and event-loop delay p99. */
async function serverCpu<T>(node: Child, run: () => Promise<T>): Promise<[T, number, number]> {
  node.proc.stdin?.write('mark\n');
  const result = await run();
  const answer = node.next('CPU');
  node.proc.stdin?.write('report\n');
  const sample = JSON.parse(await answer) as NodeSample;
  return [result, sample.cpuPct * 10, sample.loop.p99];
}

async function measure(url: string, cfg: AbuseRunConfig): Promise<LoadResult> {
  const load = child('./load.ts', {
    mode: 'app',
    urls: [url],
    games: cfg.games,
    warmupMs: cfg.warmupMs,
    durationMs: cfg.seconds * 1000,
    thinkMs: cfg.thinkMs,
    keepLatencies: true,
  } satisfies LoadConfig);
  try {
    return JSON.parse(await load.next('RESULT')) as LoadResult;
  } finally {
    await stopChild(load);
  }
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** The flood (niced, from its own address) alone for a while, then with the games; stopped after them. */
type FloodPhase = Pick<AbuseRunResult, 'loud' | 'loudCpu' | 'loudLoopMs' | 'floodCpu' | 'flood'>;

async function withFlood(url: string, node: Child, cfg: AbuseRunConfig): Promise<FloodPhase> {
  // an upper bound only: it is told to stop once the games are measured
  const floodCfg: FloodConfig = { url, sockets: cfg.sockets, durationMs: 300_000, localAddress: cfg.floodAddress };
  const flooder = child('./flood.ts', floodCfg, undefined, { lowPriority: true });
  try {
    const done = flooder.next('RESULT');
    await sleep(FLOOD_SETTLE_MS);
    const [, floodCpu] = await serverCpu(node, () => sleep(FLOOD_SAMPLE_MS));
    const [loud, loudCpu, loudLoopMs] = await serverCpu(node, () => measure(url, cfg));
    flooder.proc.stdin?.write('stop\n');
    const flood = JSON.parse(await done) as FloodResult;
    return { loud, loudCpu, loudLoopMs, floodCpu, flood };
  } finally {
    await stopChild(flooder);
  }
}

export async function abuseRun(cfg: AbuseRunConfig): Promise<AbuseRunResult> {
  const node = appNode(cfg.redisUrl, 'abuse:', cfg.denyAddressSec);
  try {
    const url = `http://127.0.0.1:${await node.next('READY')}`;
    const [, idleCpu] = await serverCpu(node, () => sleep(FLOOD_SAMPLE_MS));
    const quietPhase = async (): Promise<Pick<AbuseRunResult, 'quiet' | 'quietCpu' | 'quietLoopMs'>> => {
      const [quiet, quietCpu, quietLoopMs] = await serverCpu(node, () => measure(url, cfg));
      return { quiet, quietCpu, quietLoopMs };
    };
    if (cfg.floodFirst) {
      const loud = await withFlood(url, node, cfg);
      return { ...loud, ...(await quietPhase()), idleCpu };
    }
    const quiet = await quietPhase();
    return { ...(await withFlood(url, node, cfg)), ...quiet, idleCpu };
  } finally {
    await stopChild(node);
  }
}
