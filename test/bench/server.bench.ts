import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { startRedis } from '../support/redis-server.js';
import { adapterKind } from './adapters.js';
import { type PhaseResult, runPhase } from './phase.js';
import { report, runLine } from './server-report.js';
import { type LoadRuns, sweepReport } from './sweep-report.js';
import { botLine } from './bot-load.js';
import { buildServer } from './built-server.js';
import { nodeScalingReport } from './node-scaling.js';
import { gamesOption } from './games-option.js';
import { parseNodeLayouts } from './node-layout.js';
import { baselineReport } from './baseline-report.js';

/**
 * `npm run bench:server [-- --games 500 --seconds 12 --runs 3 --think 300 --warmup 2]` (or BENCH_GAMES /
 * BENCH_SECONDS / BENCH_RUNS / BENCH_THINK_MS): N concurrent games (two players + one spectator
 * each, real socket.io-client WebSocket clients, every player moving `--think` ms after the
 * previous move arrived) against the real game server on Redis (compiled, with its Node flags, as
 * `npm start` runs it: built-server.ts, child.ts), and the same load against the FLOOR
 * (bare Socket.IO + one Redis GET/SET + room broadcast per move); then both again with two nodes
 * and the Socket.IO Redis adapter (BENCH_ADAPTER=streams: the Redis Streams adapter instead, for
 * both). Each phase runs `--runs` times, floor and game server alternating (floor, app, app, floor,
 * ...), so a drift of the machine hits both alike. Per run it prints each process's CPU (server
 * nodes, load generator, redis-server), the servers' CPU ms per move and the Redis commands they
 * send per move, and each node's event-loop delay (p50/p99/max) and GC pauses (loop-monitor.ts);
 * the goals compare the medians of the runs, and the p99 of all runs' samples pooled.
 * The tables start their games spread over one think time (load.ts `startOffset`), as independent
 * players would; BENCH_TRACE=<dir> writes every latency sample with its send time. `--bots N`
 * (BENCH_BOTS): N games against the computer run beside the load in the game server phases (bot-load.ts). BENCH_PROF=<dir> writes a V8 CPU profile of each server node. Loopback only;
 * stops by itself.
 */

/** The text of `--name X`, else of the environment variable `env` (undefined: neither is set). */
function rawOption(name: string, env: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : process.env[env];
}

/** `--name N` or the environment variable `env`: a number that `valid` accepts (default: above 0), else `fallback`. */
function option(name: string, env: string, fallback: number, valid = (n: number): boolean => n > 0): number {
  const n = Number(rawOption(name, env) ?? fallback);
  return Number.isFinite(n) && valid(n) ? n : fallback;
}

/**
 * The default load: 500 games, each move sent 300 ms after the previous one arrived (some 1,500
 * moves/s offered). On 2 cores shared by the servers, redis-server and the load generator, a load
 * with no think time saturates the CPU, and then the throughput ratio only restates the ratio of
 * CPU per move (the floor does no rules, no validation, no identity); at this load nothing is
 * saturated, so the goals compare how the servers answer the same offered load. `--think 0`
 * measures the saturated case (the report warns when the load generator nears a full core).
 * `--games N` / BENCH_GAMES, or a list `--games 125,250,500`: a sweep of the offered load, each load
 * measured in full (its own report), then the goals at each load and how far up they hold.
 */
const GAMES = gamesOption(rawOption('games', 'BENCH_GAMES'), 500);
/**
 * BENCH_GAMES_PER_NODE=N: each layout runs N games per node with players (1 node N, 2 nodes 2N,
 * 4 nodes 4N; 2+2 as 2), instead of `--games` for all: the node scaling at one load per node.
 * Spreading one load over more processes makes each do less per wake-up (fewer moves per socket
 * write and Redis round trip), which costs the floor as much as the game server on a small machine;
 * at one load per node, what adding nodes costs is the fan-out alone.
 */
const PER_NODE = process.env.BENCH_GAMES_PER_NODE === undefined ? null : gamesOption(process.env.BENCH_GAMES_PER_NODE, 0);
if (PER_NODE !== null && (PER_NODE.length !== 1 || GAMES.length !== 1)) throw new Error('BENCH_GAMES_PER_NODE takes one number, and no sweep of --games beside it');
const SECONDS = option('seconds', 'BENCH_SECONDS', 12);
const RUNS = option('runs', 'BENCH_RUNS', 3);
/** `--think N` / BENCH_THINK_MS (0 allowed: no think time). */
const THINK_MS = option('think', 'BENCH_THINK_MS', 300, (n) => n >= 0);
/**
 * `--think-jitter F` / BENCH_THINK_JITTER (0..1, default 0): each pause drawn from
 * [(1 - F), (1 + F)] x the think time, the same mean (table.ts `thinkDelay`). 0 keeps the fixed
 * pause of earlier figures; 0.5 spreads out the waves a fixed pause keeps in step.
 */
const THINK_JITTER = option('think-jitter', 'BENCH_THINK_JITTER', 0, (n) => n >= 0 && n <= 1);
/**
 * `--bots N` / BENCH_BOTS: adds the phase "game server + N games against the computer (level 3)",
 * interleaved with the plain game server's (and, by default, instead of the floor's).
 */
const BOTS = process.argv.includes('--bots') || process.env.BENCH_BOTS ? option('bots', 'BENCH_BOTS', 50) : 0;
/**
 * `--p99-bound MS` / BENCH_P99_BOUND (default 25): with a sweep, the load each server carries with
 * its p99 within this bound, and the game server's share of the floor's.
 */
const P99_BOUND_MS = option('p99-bound', 'BENCH_P99_BOUND', 25);
/**
 * `--warmup S` / BENCH_WARMUP (default 2): seconds of load before the measured window. Each run starts
 * fresh nodes, whose JIT still compiles for some 10 s under load (V8 helper threads at some 20% of a
 * core); a 15 s warm-up measured the same CPU per move as 2 s, so the default stays short.
 */
const WARMUP_MS = option('warmup', 'BENCH_WARMUP', 2, (n) => n >= 0) * 1000;
/** Goals of issue 12: the game server's p99 at most 1.25x the floor's, its throughput at least 85%. */
const P99_GOAL = 1.25;
const THROUGHPUT_GOAL = 0.85;
/**
 * BENCH_MODES=floor (or app, bots, memory, durable) runs only those phases; BENCH_NODES (default 1,2,4,2+2)
 * the node layouts (BENCH_NODES=1: only the single-node ones; `2+2`: four nodes, the load on two of
 * them, node-layout.ts; node-scaling.ts reads 1, 2, 4 and 2+2 against each other). `memory` (the game server on the in-memory store, a second floor without the store's round
 * trips) and `durable` (that store journaled to disk, as `npm start` runs without Redis) run with 1 node only.
 */
/**
 * BENCH_BASELINE=<root of another checkout, built>: its game server runs too, as the mode
 * `baseline`, interleaved with this one's (floor, app, baseline, then reversed), and the report
 * prints this game server's figures against it: a before/after from one run, on one machine.
 */
const BASELINE = process.env.BENCH_BASELINE;
const MODES = [...(process.env.BENCH_MODES ?? (BOTS ? 'app,bots' : 'floor,app')).split(','), ...(BASELINE === undefined ? [] : ['baseline'])];
const NODES = parseNodeLayouts(process.env.BENCH_NODES ?? '1,2,4,2+2');

async function main(): Promise<void> {
  if (BASELINE !== undefined && !existsSync(join(BASELINE, 'server/dist/app.js'))) {
    throw new Error(`BENCH_BASELINE=${BASELINE}: no built server there (run npm run build in that checkout first)`);
  }
  buildServer();
  const redis = await startRedis({ appendOnly: true });
  const admin = new Redis(redis.url);
  const loads: LoadRuns[] = [];
  const modes = (['floor', 'app', 'baseline', 'bots', 'memory', 'durable'] as const).filter((m) => MODES.includes(m) && (m !== 'bots' || BOTS > 0));
  const options = (games: number) => ({
    games,
    perNode: PER_NODE !== null,
    seconds: SECONDS,
    warmupMs: WARMUP_MS,
    thinkMs: THINK_MS,
    thinkJitter: THINK_JITTER,
    runs: RUNS,
    adapter: adapterKind(),
    p99Goal: P99_GOAL,
    throughputGoal: THROUGHPUT_GOAL,
    p99BoundMs: P99_BOUND_MS,
  });
  try {
    for (const games of PER_NODE ?? GAMES) {
      const rows: PhaseResult[] = [];
      for (const { nodes, bystanders } of NODES) {
        for (let run = 1; run <= RUNS; run++) {
          // floor, app, app, floor, ...: neither mode always runs first
          for (const mode of run % 2 ? modes : [...modes].reverse()) {
            if ((mode === 'memory' || mode === 'durable') && nodes > 1) continue;
            await admin.flushall();
            await admin.config('RESETSTAT');
            const r = await runPhase(
              { mode, nodes, bystanders, ...(BASELINE === undefined ? {} : { baselineRoot: BASELINE }), redisUrl: redis.url, games: PER_NODE ? games * (nodes - bystanders) : games, seconds: SECONDS, warmupMs: WARMUP_MS, thinkMs: THINK_MS, thinkJitter: THINK_JITTER, bots: BOTS },
              admin,
            );
            console.log(`${GAMES.length > 1 ? `[${games} games] ` : ''}${runLine(r, run)}`);
            if (r.bots) console.log(botLine(r.bots));
            rows.push(r);
          }
        }
      }
      report(rows, options(games));
      nodeScalingReport(rows);
      baselineReport(rows);
      loads.push({ games, rows });
    }
  } finally {
    await admin.quit();
    await redis.stop();
  }
  if (loads.length > 1) sweepReport(loads, options(GAMES[GAMES.length - 1] ?? 0));
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
