/**
 * `bench:server`'s load sweep (`--games` at several offered loads): the goals per load, the highest
 * load at which they hold, and the capacity under a p99 bound (server-report.ts reports one load).
 */
import type { PhaseResult } from './phase.js';
import { fmt, goalFigures, median, runsText, table, type GoalFigures, type ReportOptions } from './server-report.js';

/** The runs of one offered load (`--games` of a sweep). */
export interface LoadRuns {
  readonly games: number;
  readonly rows: readonly PhaseResult[];
}

/** One line of the sweep: a load and a node count, the floor's and the game server's figures. */
export interface SweepLine {
  readonly games: number;
  readonly nodes: number;
  readonly floorMovesPerSec: number;
  readonly appMovesPerSec: number;
  readonly floorP99: number;
  readonly appP99: number;
  /** What the whole machine was busy with (servers, load generator, redis-server), % of one core, medians. */
  readonly floorMachineCpu: number;
  readonly appMachineCpu: number;
  readonly goals: GoalFigures;
  /** Both goals met, by the medians and by the pooled p99 alike. */
  readonly met: boolean;
}

const machineCpu = (r: PhaseResult): number => r.serverCpu.reduce((a, b) => a + b, 0) + r.loadCpuPct + r.redisCpu;

export function sweepLines(loads: readonly LoadRuns[], o: Pick<ReportOptions, 'p99Goal' | 'throughputGoal'>): SweepLine[] {
  const lines: SweepLine[] = [];
  for (const { games, rows } of [...loads].sort((a, b) => a.games - b.games)) {
    for (const nodes of [1, 2]) {
      const floor = rows.filter((r) => r.mode === 'floor' && r.nodes === nodes);
      const app = rows.filter((r) => r.mode === 'app' && r.nodes === nodes);
      if (floor.length === 0 || app.length === 0) continue;
      const goals = goalFigures(floor, app);
      const pooledOk = !Number.isFinite(goals.pooledP99) || goals.pooledP99 <= o.p99Goal;
      lines.push({
        games,
        nodes,
        floorMovesPerSec: median(floor.map((r) => r.movesPerSec)),
        appMovesPerSec: median(app.map((r) => r.movesPerSec)),
        floorP99: median(floor.map((r) => r.p99)),
        appP99: median(app.map((r) => r.p99)),
        floorMachineCpu: median(floor.map(machineCpu)),
        appMachineCpu: median(app.map(machineCpu)),
        goals,
        met: goals.p99 <= o.p99Goal && pooledOk && goals.throughput >= o.throughputGoal,
      });
    }
  }
  return lines;
}

/**
 * The highest load of the sweep up to which the goals hold at every load measured (null: not even
 * at the lightest): where the game server stops answering like the floor.
 */
export function goalsHoldUpTo(lines: readonly SweepLine[], nodes: number): SweepLine | null {
  return lastOfRun(linesOf(lines, nodes), (l) => l.met);
}

/** The sweep's lines of one node count, from the lightest load up. */
const linesOf = (lines: readonly SweepLine[], nodes: number): SweepLine[] =>
  lines.filter((l) => l.nodes === nodes).sort((a, b) => a.games - b.games);

/** The last line of the unbroken run, from the first, of lines that pass `ok` (null: the first fails). */
function lastOfRun(lines: readonly SweepLine[], ok: (l: SweepLine) => boolean): SweepLine | null {
  let last: SweepLine | null = null;
  for (const l of lines) {
    if (!ok(l)) break;
    last = l;
  }
  return last;
}

/** How far up the load a server keeps its p99 (median of the runs) within a bound, at every load measured. */
export interface Capacity {
  /** The highest such load, or null when the lightest one is over the bound already. */
  readonly games: number | null;
  readonly movesPerSec: number;
  /** The bound held at the heaviest load measured too: the capacity is at least this. */
  readonly atTop: boolean;
}

function capacity(lines: readonly SweepLine[], p99: (l: SweepLine) => number, rate: (l: SweepLine) => number, boundMs: number): Capacity {
  const last = lastOfRun(lines, (l) => p99(l) <= boundMs);
  return { games: last?.games ?? null, movesPerSec: last ? rate(last) : 0, atTop: last !== null && last === lines[lines.length - 1] };
}

/**
 * The load each server carries with its p99 within `boundMs`, and the game server's as a share of
 * the floor's: a capacity figure, where the ratio of p99s at one load mostly restates the ratio of
 * CPU per move (the moves that arrive together wait behind one another). At the sweep's resolution.
 */
export function capacityUnder(lines: readonly SweepLine[], nodes: number, boundMs: number): { floor: Capacity; app: Capacity; share: number } {
  const mine = linesOf(lines, nodes);
  const floor = capacity(mine, (l) => l.floorP99, (l) => l.floorMovesPerSec, boundMs);
  const app = capacity(mine, (l) => l.appP99, (l) => l.appMovesPerSec, boundMs);
  return { floor, app, share: floor.movesPerSec > 0 ? app.movesPerSec / floor.movesPerSec : NaN };
}

const capacityText = (c: Capacity): string =>
  c.games === null ? 'not even at the lightest load' : `${c.atTop ? 'at least ' : ''}${c.games} games (${fmt(c.movesPerSec, 0)} moves/s)`;

/** The game server's share of the floor's capacity, as far as the sweep's loads tell it. */
export function shareText(c: ReturnType<typeof capacityUnder>): string {
  if (c.floor.games === null) return '';
  if (c.app.games === null) return ": the game server's share is below what the lightest load tells";
  if (c.floor.atTop && c.app.atTop) return ': both within the bound at every load measured';
  const pct = `${fmt(c.share * 100, 0)}% of the floor's load`;
  if (c.floor.atTop) return `: the game server carries at most ${pct}`;
  if (c.app.atTop) return `: the game server carries at least ${pct}`;
  return `: the game server carries ${pct}`;
}

/**
 * `--games 125,250,500`: the goals at each offered load, and how far up they hold. On a small host
 * the game server's extra CPU per move (it runs the rules, the floor validates nothing) decides
 * its tail as the machine fills: the sweep shows the load at which that starts.
 */
export function sweepReport(loads: readonly LoadRuns[], o: ReportOptions): void {
  const lines = sweepLines(loads, o);
  if (lines.length === 0) return;
  console.log(`
Sweep of the offered load (goals: p99 <= ${o.p99Goal}x floor by the medians and pooled, throughput >= ${o.throughputGoal * 100}%):
`);
  table(
    ['games', 'nodes', 'floor moves/s', 'machine CPU % floor / game server', 'p99 ms floor / game server', 'p99 ratio (runs)', 'pooled p99 ratio', 'throughput', 'CPU/move ratio', 'goals'],
    lines.map((l) => [
      String(l.games),
      String(l.nodes),
      fmt(l.floorMovesPerSec, 0),
      `${fmt(l.floorMachineCpu, 0)} / ${fmt(l.appMachineCpu, 0)}`,
      `${fmt(l.floorP99)} / ${fmt(l.appP99)}`,
      `${fmt(l.goals.p99, 2)}x (${runsText(l.goals.p99Runs, 2)})`,
      `${fmt(l.goals.pooledP99, 2)}x`,
      `${fmt(l.goals.throughput * 100, 0)}%`,
      `${fmt(l.goals.cpuPerMove, 2)}x`,
      l.met ? 'met' : 'MISS',
    ]),
  );
  const nodeCounts = [1, 2].filter((n) => lines.some((l) => l.nodes === n));
  for (const nodes of nodeCounts) {
    const up = goalsHoldUpTo(lines, nodes);
    const label = `${nodes} node${nodes > 1 ? 's' : ''}`;
    console.log(
      up === null
        ? `  ${label}: the goals do not hold at the lightest load measured`
        : `  ${label}: the goals hold up to ${up.games} games (${fmt(up.floorMovesPerSec, 0)} moves/s, the machine ${fmt(up.appMachineCpu, 0)}% busy with the game server)`,
    );
  }
  console.log(`
Load carried with the p99 within ${o.p99BoundMs} ms (--p99-bound), at the sweep's resolution:`);
  for (const nodes of nodeCounts) {
    const c = capacityUnder(lines, nodes, o.p99BoundMs);
    console.log(`  ${nodes} node${nodes > 1 ? 's' : ''}: floor ${capacityText(c.floor)}, game server ${capacityText(c.app)}${shareText(c)}`);
  }
}
