import { startRedis } from '../support/redis-server.js';
import type { NodeConfig } from './bench-node.js';
import { child, stopChild, type Child } from './child.js';
import type { FloodConfig, FloodResult } from './flood.js';
import type { LoadConfig, LoadResult } from './load.js';

/**
 * `npm run bench:abuse [-- --games 100 --seconds 10 --sockets 200 --idle 2000]`: normal games (two
 * players and a spectator each, moving as fast as acks come back) on one game-server node on
 * Redis, measured without and then with one abusive identity (`--sockets` connections of one token
 * looping join / resync / leave / lobby subscribe; see flood.ts); prints both p99s and their
 * ratio (goal <= 1.10). Then the node's RSS with `--idle` idle connections. Loopback only.
 */

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const n = Number(i >= 0 ? process.argv[i + 1] : fallback);
  return Number.isFinite(n) && n > 0 ? n : fallback;
}

const GAMES = option('games', 100);
const SECONDS = option('seconds', 10);
const SOCKETS = option('sockets', 200);
const IDLE = option('idle', 2000);
const WARMUP_MS = 2000;
const MB = 1024 * 1024;

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
    const quiet = await measure(url);
    console.log(`without flood: ${quiet.movesPerSec.toFixed(0)} moves/s, p50 ${quiet.p50.toFixed(1)} ms, p99 ${quiet.p99.toFixed(1)} ms`);

    // the flood outlasts the measured load: a setup of ~10 s at most, the warm-up and the measure
    const flooder = child('./flood.ts', { url, sockets: SOCKETS, durationMs: (SECONDS + 15) * 1000 } satisfies FloodConfig);
    const floodDone = flooder.next('RESULT');
    await new Promise((r) => setTimeout(r, 1000));
    const loud = await measure(url);
    const flood = JSON.parse(await floodDone) as FloodResult;
    await stopChild(flooder);
    console.log(`with flood:    ${loud.movesPerSec.toFixed(0)} moves/s, p50 ${loud.p50.toFixed(1)} ms, p99 ${loud.p99.toFixed(1)} ms`);
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
