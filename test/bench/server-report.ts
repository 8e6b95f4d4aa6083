import type { LoopSample } from './loop-monitor.js';
import type { BenchMode, PhaseResult } from './phase.js';
import { percentile } from './load.js';
import { layoutName } from './node-layout.js';

/** The server benchmark's tables: every run, then per phase the median and spread over the runs, and the goals. */

export const fmt = (n: number, d = 1): string => (Number.isFinite(n) ? n.toFixed(d) : '-');

export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  const m = s.length >> 1;
  return s.length % 2 ? (s[m] ?? NaN) : ((s[m - 1] ?? NaN) + (s[m] ?? NaN)) / 2;
}

const spread = (xs: readonly number[], d = 1): string =>
  xs.length > 1 ? `${fmt(Math.min(...xs), d)}-${fmt(Math.max(...xs), d)}` : '';
/** The runs' range, or the one run's value. */
export const runsText = (xs: readonly number[], d: number): string => spread(xs, d) || fmt(xs[0] ?? NaN, d);

export function table(head: string[], body: string[][]): void {
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => (b[i] ?? '').length)));
  const line = (cells: string[]): string => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ');
  console.log(line(head));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const b of body) console.log(line(b));
}

const MODE_NAMES: Record<BenchMode, string> = {
  floor: 'floor',
  app: 'game server',
  baseline: 'baseline game server',
  bots: 'game server + bot games',
  memory: 'game server, memory store',
  durable: 'game server, journaled memory store',
};

/** "game server, 4 nodes" ("4 nodes, 2 of them without players" with bystanders: node-layout.ts). */
export const phaseName = (mode: BenchMode, nodes: number, bystanders = 0): string => `${MODE_NAMES[mode]}, ${layoutName({ nodes, bystanders })}`;
const nameOf = (r: PhaseResult): string => phaseName(r.mode, r.nodes, r.bystanders);

/** One line per run, as it ends. */
export function runLine(r: PhaseResult, run: number): string {
  return (
    `${nameOf(r)} #${run}: ${fmt(r.movesPerSec, 0)} moves/s, p50 ${fmt(r.p50)} ms, p99 ${fmt(r.p99)} ms; ` +
    `CPU server ${r.serverCpu.map((c) => fmt(c, 0)).join('+')}%, load ${fmt(r.loadCpuPct, 0)}%, redis ${fmt(r.redisCpu, 0)}%` +
    `${r.stealPct === null ? '' : `, stolen by the host ${fmt(r.stealPct)}%`}; ` +
    `${fmt(r.cpuMsPerMove, 3)} server CPU ms/move;${r.refused ? ` refused ${JSON.stringify(r.refusals)};` : ''}` +
    `${r.publishPerMove === null ? '' : ` publish ${fmt(r.publishPerMove, 2)}/move;`}` +
    `${r.receivedPerMove === null ? '' : ` adapter messages received per node ${r.receivedPerMove.map((x) => fmt(x, 2)).join('/')} per move;`} store ${fmt(r.storePerMove, 2)} cmd/move ` +
    `(${Object.entries(r.storeByName)
      .map(([k, v]) => `${k} ${fmt(v, 2)}`)
      .join(', ')}); ${r.loop.map(loopText).join(' | ')}`
  );
}

/** A node's event-loop delay and GC over the run (see loop-monitor.ts). */
function loopText(l: LoopSample): string {
  return `loop delay p50 ${fmt(l.p50)} p99 ${fmt(l.p99)} max ${fmt(l.max)} ms, GC ${l.gcCount}x ${fmt(l.gcMs, 0)} ms (max ${fmt(l.gcMaxMs)}; full ${l.gcMajorCount}x ${fmt(l.gcMajorMs, 0)} ms), main thread CPU ${l.mainCpuPct === null ? '-' : `${fmt(l.mainCpuPct, 0)}%`}`;
}

export interface ReportOptions {
  readonly games: number;
  /** BENCH_GAMES_PER_NODE: `games` per node with players, each layout its own count of games. */
  readonly perNode?: boolean;
  readonly seconds: number;
  readonly warmupMs: number;
  readonly thinkMs: number;
  /** Spread of the think time, 0..1 (0: fixed). */
  readonly thinkJitter?: number;
  readonly runs: number;
  readonly adapter: string;
  readonly p99Goal: number;
  readonly throughputGoal: number;
  /** The latency bound of the sweep's capacity lines (ms). */
  readonly p99BoundMs: number;
}

/**
 * The p99 of every sample of every run together (NaN without samples): steadier than the median
 * of the runs' p99s, each set by the few bursts of its own window.
 */
function pooledP99(rs: readonly PhaseResult[]): number {
  const all = rs.flatMap((r) => r.latencies ?? []).sort((a, b) => a - b);
  return percentile(all, 99);
}

/** The think time as the report's header gives it: fixed, or its range when jittered. */
export function thinkText(o: Pick<ReportOptions, 'thinkMs' | 'thinkJitter'>): string {
  const j = o.thinkJitter ?? 0;
  if (j <= 0) return `${o.thinkMs} ms`;
  return `${fmt(o.thinkMs * (1 - j), 0)}-${fmt(o.thinkMs * (1 + j), 0)} ms (uniform, mean ${o.thinkMs})`;
}

export function report(rows: readonly PhaseResult[], o: ReportOptions): void {
  const pace =
    o.thinkMs > 0
      ? `, each move ${thinkText(o)} after the previous one arrived: under ${fmt((o.games * 1000) / o.thinkMs, 0)} moves/s offered${o.perNode === true ? ' per node' : ''}, a load at which no process saturates a core`
      : ', moving as soon as the previous move arrives: the CPU saturates';
  console.log(
    `\n${o.games} games${o.perNode === true ? ' per node with players' : ''} (2 players + 1 spectator each${pace}), ${o.seconds} s measured per run after ${o.warmupMs / 1000} s warm-up, ` +
      `${o.runs} run(s) per phase, floor and game server interleaved. Median over the runs, min-max after it.\n`,
  );
  const groups = new Map<string, PhaseResult[]>();
  for (const r of rows) groups.set(nameOf(r), [...(groups.get(nameOf(r)) ?? []), r]);
  const col = (rs: PhaseResult[], f: (r: PhaseResult) => number, d = 1): string => `${fmt(median(rs.map(f)), d)} ${spread(rs.map(f), d)}`.trim();
  table(
    ['phase', 'moves/s', 'p50 ms', 'p99 ms', 'server CPU %', 'CPU ms/move', 'loop delay p99 ms', 'store cmd/move', 'publish/move', 'received/move per node', 'redis calls/move', 'redis CPU %', 'load CPU %', 'host steal %', 'refused'],
    [...groups].map(([name, rs]) => [
      name,
      col(rs, (r) => r.movesPerSec, 0),
      col(rs, (r) => r.p50),
      col(rs, (r) => r.p99),
      col(rs, (r) => r.serverCpu.reduce((a, b) => a + b, 0), 0),
      col(rs, (r) => r.cpuMsPerMove, 3),
      // the worst node of each run
      col(rs, (r) => Math.max(...r.loop.map((l) => l.p99))),
      col(rs, (r) => r.storePerMove, 2),
      rs.some((r) => r.publishPerMove === null) ? '-' : col(rs, (r) => r.publishPerMove ?? NaN, 2),
      receivedText(rs),
      col(rs, (r) => r.redisCallsPerMove, 1),
      col(rs, (r) => r.redisCpu, 0),
      col(rs, (r) => r.loadCpuPct, 0),
      rs.some((r) => r.stealPct === null) ? '-' : col(rs, (r) => r.stealPct ?? NaN),
      String(rs.reduce((a, r) => a + r.refused, 0)),
    ]),
  );
  const saturated = rows.filter((r) => r.loadCpuPct > 80);
  if (saturated.length) {
    console.log(`\nWARNING: the load generator used over 80% of a core in ${saturated.length} run(s): those compare generator saturation, not the servers (lower --games or raise --think).`);
  }
  noisyHostWarning(rows);
  console.log(`\nGame server vs floor, ${o.adapter} adapter with 2 nodes (goals: p99 <= ${o.p99Goal}x floor, throughput >= ${o.throughputGoal * 100}% of floor):`);
  for (const nodes of [...new Set(rows.filter((r) => r.bystanders === 0).map((r) => r.nodes))].sort((a, b) => a - b)) {
    const floor = groups.get(phaseName('floor', nodes));
    const app = groups.get(phaseName('app', nodes));
    if (!floor || !app) continue;
    console.log(goalLine(`${nodes} node${nodes > 1 ? 's' : ''}`.padEnd(8), floor, app, o));
    // The same goals from the pairs of runs (run i of each, measured one after the other) that the
    // host left alone, when it did not leave them all
    const quietPairs = app.flatMap((a, i) => {
      const f = floor[i];
      return f !== undefined && quiet(a) && quiet(f) ? [[a, f] as const] : [];
    });
    if (quietPairs.length > 0 && quietPairs.length < Math.max(app.length, floor.length)) {
      const label = `  quiet runs only (${quietPairs.length} of each; host steal <= ${QUIET_STEAL_PCT}%):`;
      console.log(goalLine(label, quietPairs.map(([, f]) => f), quietPairs.map(([a]) => a), o));
    }
  }
  const memory = groups.get(phaseName('memory', 1));
  const floor1 = groups.get(phaseName('floor', 1));
  if (memory && floor1) {
    const ratio = (f: (r: PhaseResult) => number): string => fmt(median(memory.map(f)) / median(floor1.map(f)), 2);
    console.log(
      `  the game server on the in-memory store (no store round trips), 1 node: p50 ${ratio((r) => r.p50)}x floor, p99 ${ratio((r) => r.p99)}x, ` +
        `server CPU per move ${ratio((r) => r.cpuMsPerMove)}x`,
    );
  }
  const durable = groups.get(phaseName('durable', 1));
  if (memory && durable) {
    const cpu = (rs: PhaseResult[]): number => median(rs.map((r) => r.cpuMsPerMove));
    const p99 = (rs: PhaseResult[]): number => median(rs.map((r) => r.p99));
    console.log(
      `  the journal (durable store vs in-memory store), 1 node: server CPU ${fmt(cpu(memory), 3)} -> ${fmt(cpu(durable), 3)} ms/move ` +
        `(${fmt(cpu(durable) / cpu(memory), 2)}x), p99 ${fmt(p99(memory))} -> ${fmt(p99(durable))} ms`,
    );
  }
  botsReport(groups);
}

/** The adapter messages each node received per move, median over the runs per node ("-": not counted). */
export function receivedText(rs: readonly PhaseResult[]): string {
  if (rs.some((r) => r.receivedPerMove === null)) return '-';
  const nodes = Math.max(...rs.map((r) => r.receivedPerMove?.length ?? 0));
  return Array.from({ length: nodes }, (_, i) => fmt(median(rs.map((r) => r.receivedPerMove?.[i] ?? NaN)), 2)).join(' / ');
}

/**
 * Above this share of the host's CPU time stolen during a run, the run is not from a quiet machine:
 * a neighbour's bursts land on one run and not the next, and a ratio of two runs' p99 measures them.
 */
const QUIET_STEAL_PCT = 2;

const quiet = (r: PhaseResult): boolean => (r.stealPct ?? 0) <= QUIET_STEAL_PCT;

/** The game server's figures as ratios of the floor's, as the goals read them. */
export interface GoalFigures {
  /** Median of the app's runs' p99 over the median of the floor's. */
  readonly p99: number;
  /** The same for moves per second. */
  readonly throughput: number;
  /** Pairwise ratios, run i of each (how much the runs disagree). */
  readonly p99Runs: readonly number[];
  readonly throughputRuns: readonly number[];
  readonly cpuPerMove: number;
  /** The p99 of all the app's samples over the floor's (NaN without samples). */
  readonly pooledP99: number;
}

export function goalFigures(floor: readonly PhaseResult[], app: readonly PhaseResult[]): GoalFigures {
  const pairs = app.map((a, i) => [a, floor[i]] as const).filter((p): p is readonly [PhaseResult, PhaseResult] => p[1] !== undefined);
  return {
    p99: median(app.map((r) => r.p99)) / median(floor.map((r) => r.p99)),
    throughput: median(app.map((r) => r.movesPerSec)) / median(floor.map((r) => r.movesPerSec)),
    p99Runs: pairs.map(([a, f]) => a.p99 / f.p99),
    throughputRuns: pairs.map(([a, f]) => a.movesPerSec / f.movesPerSec),
    cpuPerMove: median(app.map((r) => r.cpuMsPerMove)) / median(floor.map((r) => r.cpuMsPerMove)),
    pooledP99: pooledP99(app) / pooledP99(floor),
  };
}

/** The goals' line: medians' ratios, pairwise ratios (run i of each), CPU per move, pooled p99. */
function goalLine(label: string, floor: readonly PhaseResult[], app: readonly PhaseResult[], o: ReportOptions): string {
  const g = goalFigures(floor, app);
  return (
    `  ${label} p99 ${fmt(g.p99, 2)}x floor ${g.p99 <= o.p99Goal ? 'OK  ' : 'MISS'} (runs ${runsText(g.p99Runs, 2)})` +
    `   throughput ${fmt(g.throughput * 100, 0)}% of floor ${g.throughput >= o.throughputGoal ? 'OK  ' : 'MISS'} (runs ${runsText(g.throughputRuns.map((t) => t * 100), 0)})` +
    `   server CPU per move ${fmt(g.cpuPerMove, 2)}x floor` +
    (Number.isFinite(g.pooledP99) ? `   p99 of all runs' samples pooled ${fmt(g.pooledP99, 2)}x floor (${fmt(pooledP99(app))} / ${fmt(pooledP99(floor))} ms)` : '')
  );
}

function noisyHostWarning(rows: readonly PhaseResult[]): void {
  const noisy = rows.filter((r) => !quiet(r));
  if (noisy.length === 0) return;
  const worst = Math.max(...noisy.map((r) => r.stealPct ?? 0));
  console.log(
    `\nWARNING: the host stole over ${QUIET_STEAL_PCT}% of the CPU time in ${noisy.length} of ${rows.length} run(s) (up to ${fmt(worst)}%): ` +
      'not a quiet machine; latency ratios from these runs measure the neighbours as much as the servers.',
  );
}

/**
 * Issue 9: games against the computer must not raise the human games' latency. The game server
 * with and without the bot games, runs interleaved; pairwise ratios show how much the runs disagree.
 */
function botsReport(groups: ReadonlyMap<string, PhaseResult[]>): void {
  let headed = false;
  for (const nodes of [1, 2]) {
    const plain = groups.get(phaseName('app', nodes));
    const bots = groups.get(phaseName('bots', nodes));
    if (!plain || !bots) continue;
    const games = bots[0]?.bots?.games ?? 0;
    if (!headed) console.log(`\nHuman games' latency with ${games} games against the computer beside them vs without (medians; runs pairwise):`);
    headed = true;
    const pairs = bots.map((b, i) => [b, plain[i]] as const).filter((p): p is readonly [PhaseResult, PhaseResult] => p[1] !== undefined);
    const part = (name: string, f: (r: PhaseResult) => number): string => {
      const ratio = median(bots.map(f)) / median(plain.map(f));
      const runs = pairs.map(([b, a]) => f(b) / f(a));
      return `${name} ${fmt(median(plain.map(f)))} -> ${fmt(median(bots.map(f)))} ms (${fmt(ratio, 2)}x; runs ${runsText(runs, 2)})`;
    };
    const botMoves = median(bots.map((r) => (r.bots ? (r.bots.botMoves + r.bots.humanMoves) / r.seconds : 0)));
    console.log(`  ${`${nodes} node${nodes > 1 ? 's' : ''}`.padEnd(8)} ${part('p50', (r) => r.p50)}   ${part('p99', (r) => r.p99)}   bot games' own moves ${fmt(botMoves, 0)}/s`);
  }
}
