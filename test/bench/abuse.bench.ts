import { Redis } from 'ioredis';
import { startRedis } from '../support/redis-server.js';
import { abuseRun, appNode, type AbuseRunResult } from './abuse-run.js';
import { type LoadResult, percentile } from './load.js';
import { child, lowPriorityText, stopChild, type Child } from './child.js';
import { fmt, median } from './server-report.js';
import { buildServer } from './built-server.js';

/**
 * `npm run bench:abuse [-- --runs 3 --think 300 --games 500 --seconds 10 --sockets 200 --idle 2000 --flood-address 127.0.0.2 --deny-sec 30]`:
 * normal games (two players and a spectator each) on one game-server node on Redis, measured
 * without and with one abusive identity (`--sockets` connections of one token looping join /
 * resync / leave / lobby subscribe; see flood.ts) connecting from its own address (127.0.0.2: the
 * per-address limits apply to it, while the players' 127.0.0.1 is exempt, as all of them share it).
 * Each of `--runs` runs starts a fresh node and alternates the order (without flood first, then
 * with flood first, ...); the report gives each run's p99s and ratio, then the median ratio and its
 * spread (goal <= 1.10) and the ratio of the p99s of all runs' samples pooled, and the server's own CPU time per second without the flood, with the flood
 * alone and with both (process.cpuUsage in the node: independent of how the machine's CPU is shared).
 *
 * The load: `--think 300` (default) paces the players (a move 300 ms after the previous one
 * arrived, as bench:server): a real server runs well below saturation, and the goal is judged on
 * this load. `--think 0` saturates the CPU (players move as soon as the acks come back): then any
 * extra CPU, the flood's included, shows as latency; reported for comparison. `--games` defaults to
 * 500 paced, 100 saturating. The flood generator runs at the lowest CPU priority (`nice -n 19` and
 * SCHED_IDLE, child.ts) where they exist: on a real network the attacker's CPU is not the server's. Then a fresh node's
 * RSS alone and with `--idle` idle connections (`--idle 0`: skipped). Loopback only.
 */

function option(name: string, fallback: number, min = 1): number {
  const i = process.argv.indexOf(`--${name}`);
  const n = Number(i >= 0 ? process.argv[i + 1] : fallback);
  return Number.isFinite(n) && n >= min ? n : fallback;
}

function textOption(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return (i >= 0 ? process.argv[i + 1] : undefined) ?? fallback;
}

const THINK_MS = option('think', 300, 0);
const GAMES = option('games', THINK_MS > 0 ? 500 : 100);
const SECONDS = option('seconds', 10);
const RUNS = option('runs', 3);
const SOCKETS = option('sockets', 200);
const IDLE = option('idle', 2000, 0);
/** The abuser's own address by default; `--flood-address 127.0.0.1` shares the players' (exempt) address. */
const FLOOD_ADDRESS = textOption('flood-address', '127.0.0.2');
/** `--deny-sec N`: the node's denyAddressSec (default: the server's; 0 turns the TCP deny list off, for a before/after). */
const DENY_SEC = process.argv.includes('--deny-sec') ? option('deny-sec', 30, 0) : undefined;
const WARMUP_MS = 2000;
const GOAL = 1.1;
const MB = 1024 * 1024;

const spread = (xs: readonly number[], d = 1): string => `${fmt(median(xs), d)} (${fmt(Math.min(...xs), d)}-${fmt(Math.max(...xs), d)})`;

async function rss(node: Child): Promise<number> {
  const answer = node.next('RSS');
  node.proc.stdin?.write('rss\n');
  return Number(await answer);
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

function runLine(r: AbuseRunResult, run: number, floodFirst: boolean): string {
  const { quiet, loud, flood } = r;
  return (
    `run ${run} (${floodFirst ? 'flood first' : 'flood second'}): without flood ${fmt(quiet.movesPerSec, 0)} moves/s, p50 ${fmt(quiet.p50)}, ` +
    `p99 ${fmt(quiet.p99)} ms, server ${fmt(r.quietCpu, 0)} ms CPU/s, loop delay p99 ${fmt(r.quietLoopMs)} ms, load generator ` +
    `${fmt(quiet.loadCpuPct, 0)}% | idle ${fmt(r.idleCpu, 0)}, flood alone ${fmt(r.floodCpu, 0)} ms CPU/s | with flood ` +
    `${fmt(loud.movesPerSec, 0)} moves/s, p50 ${fmt(loud.p50)}, p99 ${fmt(loud.p99)} ms, server ${fmt(r.loudCpu, 0)} ms CPU/s, ` +
    `loop delay p99 ${fmt(r.loudLoopMs)} ms, load generator ${fmt(loud.loadCpuPct, 0)}% | ` +
    `ratio ${fmt(loud.p99 / quiet.p99, 2)} | flood: ${flood.accepted} accepted, ${flood.refusedHandshakes} refused, ` +
    `${flood.requests} requests, ${flood.limited} limited, ${flood.disconnectedForFlooding} disconnected for flooding` +
    (quiet.refused + loud.refused ? ` | players refused ${quiet.refused + loud.refused}` : '')
  );
}

function summary(rows: readonly AbuseRunResult[]): void {
  const ratios = rows.map((r) => r.loud.p99 / r.quiet.p99);
  const col = (f: (r: AbuseRunResult) => number, d = 1): string => spread(rows.map(f), d);
  console.log(`\nmedian (min-max) over ${rows.length} run(s):`);
  console.log(`  without flood: ${col((r) => r.quiet.movesPerSec, 0)} moves/s, p99 ${col((r) => r.quiet.p99)} ms, server ${col((r) => r.quietCpu, 0)} ms CPU/s`);
  console.log(`  flood alone:   server ${col((r) => r.floodCpu, 0)} ms CPU/s (idle node: ${col((r) => r.idleCpu, 0)})`);
  console.log(`  server event-loop delay p99: ${col((r) => r.quietLoopMs)} ms without flood, ${col((r) => r.loudLoopMs)} ms with`);
  console.log(`  with flood:    ${col((r) => r.loud.movesPerSec, 0)} moves/s, p99 ${col((r) => r.loud.p99)} ms, server ${col((r) => r.loudCpu, 0)} ms CPU/s`);
  const m = median(ratios);
  console.log(`  p99 ratio with/without flood: ${spread(ratios, 2)} (goal <= ${GOAL.toFixed(2)} on the median: ${m <= GOAL ? 'OK' : 'MISS'})`);
  // One run's p99 rests on some 150 samples and moves with the machine; pooled over the runs, the
  // with/without samples (interleaved, so a drift hits both) give the steadier figure.
  const pooled = (f: (r: AbuseRunResult) => LoadResult): number[] => rows.flatMap((r) => f(r).latencies ?? []).sort((a, b) => a - b);
  const [quiet, loud] = [pooled((r) => r.quiet), pooled((r) => r.loud)];
  if (quiet.length && loud.length) {
    const ratio = percentile(loud, 99) / percentile(quiet, 99);
    console.log(
      `  pooled over the runs: p99 ${fmt(percentile(quiet, 99))} ms without flood (${quiet.length} samples), ${fmt(percentile(loud, 99))} ms with ` +
        `(${loud.length}); ratio ${fmt(ratio, 2)} (goal <= ${GOAL.toFixed(2)}: ${ratio <= GOAL ? 'OK' : 'MISS'}); p50 ${fmt(percentile(quiet, 50))} -> ${fmt(percentile(loud, 50))} ms`,
    );
  }
}

async function main(): Promise<void> {
  buildServer();
  const redis = await startRedis({ appendOnly: false });
  const admin = new Redis(redis.url);
  const pace = THINK_MS > 0 ? `each move ${THINK_MS} ms after the previous one arrived (paced: the goal's load)` : 'moving as soon as acks come back (saturating)';
  console.log(`${GAMES} games, ${pace}; ${SECONDS} s measured after ${WARMUP_MS / 1000} s warm-up, ${RUNS} run(s) on fresh nodes, order alternating`);
  console.log(
    `flood generator: ${SOCKETS} sockets of one identity, ${lowPriorityText}, ` +
      `from ${FLOOD_ADDRESS} (players from 127.0.0.1, exempt from the per-address limits)` +
      (DENY_SEC === undefined ? '' : `; denyAddressSec ${DENY_SEC}`),
  );
  const rows: AbuseRunResult[] = [];
  try {
    for (let run = 1; run <= RUNS; run++) {
      await admin.flushall();
      const floodFirst = run % 2 === 0;
      const r = await abuseRun({
        redisUrl: redis.url,
        games: GAMES,
        seconds: SECONDS,
        warmupMs: WARMUP_MS,
        thinkMs: THINK_MS,
        sockets: SOCKETS,
        floodAddress: FLOOD_ADDRESS,
        floodFirst,
        ...(DENY_SEC === undefined ? {} : { denyAddressSec: DENY_SEC }),
      });
      console.log(runLine(r, run, floodFirst));
      rows.push(r);
    }
    summary(rows);
    if (IDLE > 0) {
      const [before, during] = await idleRss(redis.url);
      console.log(
        `server RSS (a fresh node): ${(before / MB).toFixed(0)} MB alone, ${(during / MB).toFixed(0)} MB with ${IDLE} idle sockets ` +
          `(${((during - before) / IDLE / 1024).toFixed(1)} KB per socket)`,
      );
    }
  } finally {
    await admin.quit();
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
