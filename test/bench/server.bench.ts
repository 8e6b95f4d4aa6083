import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { startRedis } from '../support/redis-server.js';
import { adapterKind } from './adapters.js';
import type { NodeConfig } from './bench-node.js';
import { child, stopChild } from './child.js';
import type { LoadConfig, LoadResult } from './load.js';

/**
 * `npm run bench:server [-- --games 500 --seconds 12]` (or BENCH_GAMES / BENCH_SECONDS):
 * N concurrent games (two players + one spectator each, real socket.io-client WebSocket clients,
 * every player moving as soon as its turn comes) against the real game server on Redis, and the
 * same load against the FLOOR (bare Socket.IO + one Redis GET/SET + room broadcast per move);
 * then both again with two nodes and the Socket.IO Redis adapter (BENCH_ADAPTER=streams: the Redis
 * Streams adapter instead, for both). Loopback only; stops by itself.
 */

const here = (f: string): string => fileURLToPath(new URL(f, import.meta.url));
const root = here('../../');

function option(name: string, env: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const raw = i >= 0 ? process.argv[i + 1] : process.env[env];
  const n = Number(raw ?? fallback);
  return Number.isFinite(n) && n > 0 ? n : fallback;
}

const GAMES = option('games', 'BENCH_GAMES', 500);
const SECONDS = option('seconds', 'BENCH_SECONDS', 12);
const WARMUP_MS = 2000;
/** Goals of issue 12: the game server's p99 at most 1.25x the floor's, its throughput at least 85%. */
const P99_GOAL = 1.25;
const THROUGHPUT_GOAL = 0.85;
/** BENCH_MODES=floor (or app) runs only those phases; BENCH_NODES=1 only the single-node ones. */
const MODES = (process.env.BENCH_MODES ?? 'floor,app').split(',');
const NODES = (process.env.BENCH_NODES ?? '1,2').split(',').map(Number);

interface PhaseResult extends LoadResult {
  readonly name: string;
  readonly serverCpu: string;
  readonly redisCpu: number;
}

/** Seconds of CPU redis-server has used so far (INFO cpu). */
async function redisCpuSeconds(admin: Redis): Promise<number> {
  const info = await admin.info('cpu');
  const field = (name: string): number => Number(new RegExp(`^${name}:([0-9.]+)`, 'm').exec(info)?.[1] ?? 0);
  return field('used_cpu_sys') + field('used_cpu_user');
}

async function phase(name: string, mode: 'app' | 'floor', nodes: number, redisUrl: string, admin: Redis): Promise<PhaseResult> {
  process.stdout.write(`\n${name}: starting ${nodes} node(s), ${GAMES} games...\n`);
  const servers = Array.from({ length: nodes }, () =>
    child('./bench-node.ts', { mode, redisUrl, prefix: 'bench:', adapter: nodes > 1 } satisfies NodeConfig),
  );
  try {
    const ports = await Promise.all(servers.map((s) => s.next('READY')));
    const cpu: Promise<string>[] = [];
    let redisCpu: Promise<number> = Promise.resolve(0);
    let redisAt = 0;
    const load = child(
      './load.ts',
      {
        mode,
        urls: ports.map((p) => `http://127.0.0.1:${p}`),
        games: GAMES,
        warmupMs: WARMUP_MS,
        durationMs: SECONDS * 1000,
      } satisfies LoadConfig,
      (line) => {
        if (line === 'MARK start') {
          for (const s of servers) s.proc.stdin?.write('mark\n');
          redisAt = performance.now();
          redisCpu = redisCpuSeconds(admin);
        }
        if (line === 'MARK end') {
          const before = redisCpu;
          redisCpu = redisCpuSeconds(admin).then(async (end) => ((end - (await before)) * 100_000) / (performance.now() - redisAt));
          for (const s of servers) {
            cpu.push(s.next('CPU'));
            s.proc.stdin?.write('report\n');
          }
        }
      },
    );
    const result = JSON.parse(await load.next('RESULT')) as LoadResult;
    await stopChild(load);
    const serverCpu = (await Promise.all(cpu)).map((c) => `${c}%`).join('+');
    process.stdout.write(
      `${name}: set up in ${result.setupSec.toFixed(1)} s; ${result.movesPerSec.toFixed(0)} moves/s, p99 ${result.p99.toFixed(1)} ms\n`,
    );
    return { ...result, name, serverCpu, redisCpu: await redisCpu };
  } finally {
    await Promise.all(servers.map(stopChild));
  }
}

const fmt = (n: number, d = 1): string => (Number.isFinite(n) ? n.toFixed(d) : '-');

function report(rows: PhaseResult[]): void {
  const head = ['phase', 'moves/s', 'p50 ms', 'p99 ms', 'refused', 'new games', 'server CPU', 'redis CPU', 'load CPU'];
  const body = rows.map((r) => [
    r.name,
    fmt(r.movesPerSec, 0),
    fmt(r.p50),
    fmt(r.p99),
    String(r.refused),
    String(r.renewed),
    r.serverCpu,
    `${fmt(r.redisCpu, 0)}%`,
    `${fmt(r.loadCpuPct, 0)}%`,
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => (b[i] ?? '').length)));
  const line = (cells: string[]): string => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ');
  console.log(`\n${GAMES} games, 2 players + 1 spectator each, ${SECONDS} s measured per phase (after ${WARMUP_MS / 1000} s warm-up)\n`);
  console.log(line(head));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const b of body) console.log(line(b));
  console.log(`\nGame server vs floor, ${adapterKind()} adapter with 2 nodes (goals: p99 <= ${P99_GOAL}x floor, throughput >= ${THROUGHPUT_GOAL * 100}% of floor):`);
  for (const nodes of ['1 node', '2 nodes']) {
    const floor = rows.find((r) => r.name === `floor, ${nodes}`);
    const app = rows.find((r) => r.name === `game server, ${nodes}`);
    if (!floor || !app) continue;
    const p99 = app.p99 / floor.p99;
    const thr = app.movesPerSec / floor.movesPerSec;
    console.log(
      `  ${nodes.padEnd(8)} p99 ${fmt(p99, 2)}x floor ${p99 <= P99_GOAL ? 'OK  ' : 'MISS'}   throughput ${fmt(thr * 100, 0)}% of floor ${thr >= THROUGHPUT_GOAL ? 'OK' : 'MISS'}`,
    );
  }
}

async function main(): Promise<void> {
  if (!existsSync(`${root}shared/dist/index.js`)) {
    const r = spawnSync('npm', ['run', 'build', '-w', 'shared'], { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) throw new Error('building shared failed');
  }
  const redis = await startRedis({ appendOnly: true });
  const admin = new Redis(redis.url);
  const rows: PhaseResult[] = [];
  try {
    for (const nodes of NODES) {
      for (const mode of (['floor', 'app'] as const).filter((m) => MODES.includes(m))) {
        await admin.flushall();
        const label = `${mode === 'floor' ? 'floor' : 'game server'}, ${nodes} node${nodes > 1 ? 's' : ''}`;
        rows.push(await phase(label, mode, nodes, redis.url, admin));
      }
    }
  } finally {
    await admin.quit();
    await redis.stop();
  }
  report(rows);
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
