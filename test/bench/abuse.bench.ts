import { startRedis } from '../support/redis-server.js';
import type { NodeConfig, NodeSample } from './bench-node.js';
import { canNice, child, stopChild, type Child } from './child.js';
import type { FloodConfig, FloodResult } from './flood.js';
import type { LoadConfig, LoadResult } from './load.js';

/**
 * `npm run bench:abuse [-- --games 100 --seconds 10 --sockets 200 --idle 2000 --flood-address 127.0.0.2]`: normal games (two
 * players and a spectator each, moving as fast as acks come back) on one game-server node on
 * Redis, measured without and then with one abusive identity (`--sockets` connections of one token
 * looping join / resync / leave / lobby subscribe; see flood.ts) connecting from its own address
 * (127.0.0.2: the per-address limits apply to it, while the players' 127.0.0.1 is exempt, as all of
 * them share it); prints both p99s and their
 * ratio (goal <= 1.10), and the server's own CPU time per second in each phase (process.cpuUsage
 * in the node: independent of how the machine's CPU is shared). The flood generator runs at the
 * lowest CPU priority (`nice -n 19`) when `nice` exists: on a real network the attacker's CPU is not
 * the server's. Then the node's RSS with `--idle` idle connections. Loopback only.
 */

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const n = Number(i >= 0 ? process.argv[i + 1] : fallback);
  return Number.isFinite(n) && n > 0 ? n : fallback;
}

function textOption(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return (i >= 0 ? process.argv[i + 1] : undefined) ?? fallback;
}

const GAMES = option('games', 100);
const SECONDS = option('seconds', 10);
const SOCKETS = option('sockets', 200);
const IDLE = option('idle', 2000);
/** The abuser's own address by default; `--flood-address 127.0.0.1` shares the players' (exempt) address. */
const FLOOD_ADDRESS = textOption('flood-address', '127.0.0.2');
const WARMUP_MS = 2000;
const MB = 1024 * 1024;

/** The node's CPU ms per second (of wall-clock time) over `run`. */
async function serverCpu<T>(node: Child, run: () => Promise<T>): Promise<[T, number]> {
  node.proc.stdin?.write('mark\n');
  const result = await run();
  const answer = node.next('CPU');
  node.proc.stdin?.write('report\n');
  const sample = JSON.parse(await answer) as NodeSample;
  return [result, sample.cpuPct * 10];
}

async function measure(url: string): Promise<LoadResult> {
  const load = child('./load.ts', {
    mode: 'app',
    urls: [url],
    games: GAMES,
    warmupMs: WARMUP_MS,
    durationMs: SECONDS * 1000,
  } satisfies LoadConfig);
  try {
    return JSON.parse(await load.next('RESULT')) as LoadResult;
  } finally {
    await stopChild(load);
  }
}

async function rss(node: Child): Promise<number> {
  const answer = node.next('RSS');
  node.proc.stdin?.write('rss\n');
  return Number(await answer);
}

function appNode(redisUrl: string, prefix: string): Child {
  return child('./bench-node.ts', { mode: 'app', redisUrl, prefix, adapter: false, limits: 'per-identity' } satisfies NodeConfig);
}

/** A fresh node's RSS alone and with IDLE idle connections. */
async function idleRss(redisUrl: string): Promise<[number, number]> {
  const node = appNode(redisUrl, 'idle:');
  try {
    const url = `http://127.0.0.1:${await node.next('READY')}`;
    await new Promise((r) => setTimeout(r, 1000));
    const before = await rss(node);
    const idle = child('./idle.ts', { url, sockets: IDLE });
    await idle.next('READY');
    await new Promise((r) => setTimeout(r, 2000));
    const during = await rss(node);
    await stopChild(idle);
    return [before, during];
  } finally {
    await stopChild(node);
  }
}

async function main(): Promise<void> {
  const redis = await startRedis({ appendOnly: false });
  const node = appNode(redis.url, 'abuse:');
  try {
    const url = `http://127.0.0.1:${await node.next('READY')}`;
    console.log(`${GAMES} games, ${SECONDS} s measured (after ${WARMUP_MS / 1000} s warm-up); machine shared, figures vary`);
    console.log(
      `flood generator: ${canNice ? 'lowest CPU priority (nice -n 19)' : 'normal priority (no nice here)'}, from ${FLOOD_ADDRESS} ` +
        `(players from 127.0.0.1, exempt from the per-address limits)`,
    );
    const [quiet, quietCpu] = await serverCpu(node, () => measure(url));
    console.log(
      `without flood: ${quiet.movesPerSec.toFixed(0)} moves/s, p50 ${quiet.p50.toFixed(1)} ms, p99 ${quiet.p99.toFixed(1)} ms; ` +
        `server CPU ${quietCpu.toFixed(0)} ms/s`,
    );

    // the flood outlasts the measured load: its own 3 s alone, a setup of ~10 s at most, the warm-up and the measure
    const floodCfg: FloodConfig = { url, sockets: SOCKETS, durationMs: (SECONDS + 20) * 1000, localAddress: FLOOD_ADDRESS };
    const flooder = child('./flood.ts', floodCfg, undefined, { lowPriority: true });
    const floodDone = flooder.next('RESULT');
    await new Promise((r) => setTimeout(r, 2000));
    const [, floodCpu] = await serverCpu(node, () => new Promise((r) => setTimeout(r, 3000)));
    console.log(`flood alone (no games): server CPU ${floodCpu.toFixed(0)} ms/s`);
    const [loud, loudCpu] = await serverCpu(node, () => measure(url));
    const flood = JSON.parse(await floodDone) as FloodResult;
    await stopChild(flooder);
    console.log(
      `with flood:    ${loud.movesPerSec.toFixed(0)} moves/s, p50 ${loud.p50.toFixed(1)} ms, p99 ${loud.p99.toFixed(1)} ms; ` +
        `server CPU ${loudCpu.toFixed(0)} ms/s (each phase: setup, warm-up and measure)`,
    );
    console.log(
      `flood (${SOCKETS} sockets of one identity): ${flood.accepted} connections accepted, ${flood.refusedHandshakes} handshakes refused, ` +
        `${flood.requests} requests, ${flood.limited} rate-limited, ${flood.disconnectedForFlooding} disconnected for flooding`,
    );
    const ratio = loud.p99 / quiet.p99;
    console.log(`p99 ratio with/without flood: ${ratio.toFixed(2)} (goal <= 1.10: ${ratio <= 1.1 ? 'OK' : 'MISS'})`);

    await stopChild(node);
    const [before, during] = await idleRss(redis.url);
    console.log(
      `server RSS (a fresh node): ${(before / MB).toFixed(0)} MB alone, ${(during / MB).toFixed(0)} MB with ${IDLE} idle sockets ` +
        `(${(((during - before) / IDLE) / 1024).toFixed(1)} KB per socket)`,
    );
  } finally {
    await stopChild(node);
    await redis.stop();
  }
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
