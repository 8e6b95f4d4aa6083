import type { PhaseResult } from './phase.js';
import { percentile } from './load.js';
import { fmt, median, receivedText } from './server-report.js';
import { layoutName } from './node-layout.js';

/**
 * Issue 37's fan-out goals, read from the server benchmark's rows (BENCH_NODES=1,2,4): the servers'
 * total CPU per move at 4 nodes at most 1.1x the total at 2 (a node receives only the broadcasts
 * of rooms it has members in, so adding nodes adds no work per move), and the p99 with 2 nodes at
 * most 1.5x the p99 with 1 node. Every game's connections are on at most two nodes (app-driver.ts,
 * floor-driver.ts), as sticky routing would place them.
 */
export const CPU_4_OVER_2_GOAL = 1.1;
export const P99_2_OVER_1_GOAL = 1.5;

const pooledP99 = (rs: readonly PhaseResult[]): number => percentile(rs.flatMap((r) => r.latencies ?? []).sort((a, b) => a - b), 99);

/**
 * One line per mode: CPU per move, p99 and messages received at each layout, and the ratios. The
 * 4-vs-2 ratio spreads the same load over twice the processes, which on a two-core machine costs
 * the floor (whose messages per move do not grow at all) as much as the game server: the line
 * prints the game server's growth over the floor's. `2+2` vs 2 adds two nodes that hold no game
 * (node-layout.ts): what the cluster pays per move for nodes that are not in a game's rooms.
 */
export function nodeScalingReport(rows: readonly PhaseResult[]): void {
  // the floor first: the game server's growth is printed against it
  const modes = [...new Set(rows.map((r) => r.mode))].sort((a, b) => Number(b === 'floor') - Number(a === 'floor'));
  const layouts = [...new Map(rows.map((r) => [layoutName(r), { nodes: r.nodes, bystanders: r.bystanders }])).values()].sort(
    (a, b) => a.nodes - b.nodes || a.bystanders - b.bystanders,
  );
  if (layouts.length < 2) return;
  console.log(
    `\nNode scaling (goals: total CPU per move at 4 nodes <= ${CPU_4_OVER_2_GOAL}x at 2, and with 2 nodes added that hold no game (2+2); p99 at 2 nodes <= ${P99_2_OVER_1_GOAL}x at 1):`,
  );
  const growth = new Map<string, number>();
  for (const mode of modes) {
    const at = (n: number, bystanders = 0): PhaseResult[] => rows.filter((r) => r.mode === mode && r.nodes === n && r.bystanders === bystanders);
    const cpu = (n: number, bystanders = 0): number => median(at(n, bystanders).map((r) => r.cpuMsPerMove));
    const p99 = (n: number): number => median(at(n).map((r) => r.p99));
    const parts = layouts
      .filter((l) => at(l.nodes, l.bystanders).length > 0)
      .map((l) => {
        const rs = at(l.nodes, l.bystanders);
        return `${layoutName(l)}: ${fmt(cpu(l.nodes, l.bystanders), 3)} CPU ms/move, p99 ${fmt(median(rs.map((r) => r.p99)))} ms (pooled ${fmt(pooledP99(rs))}), adapter messages received per move per node ${receivedText(rs)}`;
      });
    console.log(`  ${mode}: ${parts.join('; ')}`);
    const ratios: string[] = [];
    if (at(2).length && at(4).length) {
      const r = cpu(4) / cpu(2);
      growth.set(mode, r);
      const floor = growth.get('floor');
      const overFloor = mode !== 'floor' && floor !== undefined ? ` (${fmt(r / floor, 2)}x the floor's growth)` : '';
      ratios.push(`CPU/move 4 vs 2 nodes ${fmt(r, 2)}x${overFloor} ${r <= CPU_4_OVER_2_GOAL ? 'MET' : 'NOT MET'}`);
    }
    if (at(2).length && at(4, 2).length) {
      const r = cpu(4, 2) / cpu(2);
      ratios.push(`CPU/move 2+2 vs 2 nodes ${fmt(r, 2)}x ${r <= CPU_4_OVER_2_GOAL ? 'MET' : 'NOT MET'}`);
    }
    if (at(1).length && at(2).length) {
      const r = p99(2) / p99(1);
      const pooled = pooledP99(at(2)) / pooledP99(at(1));
      ratios.push(`p99 2 vs 1 node ${fmt(r, 2)}x (pooled ${fmt(pooled, 2)}x) ${r <= P99_2_OVER_1_GOAL ? 'MET' : 'NOT MET'}`);
    }
    if (ratios.length) console.log(`    ${ratios.join('; ')}`);
    if (at(1).length && at(2).length) console.log(`    p99 by move (pooled; 1 node -> 2 nodes): ${kindsText(at(1), at(2))}`);
  }
}

/**
 * Where the tail of the cross-node path comes from: the pooled p99 of each kind of move (table.ts
 * `moveKind`) with 1 node and with 2. With 2 nodes White's moves reach the spectator through the
 * other node (the adapter's path), Black's do not; a first move of a series is played on a node
 * whose copy of the game the other node's commit made stale (unless the turn notice's prefetch
 * loaded it meanwhile).
 */
function kindsText(one: readonly PhaseResult[], two: readonly PhaseResult[]): string {
  const pooled = (rs: readonly PhaseResult[], kind: string): number[] => rs.flatMap((r) => r.latenciesByKind?.[kind] ?? []).sort((a, b) => a - b);
  const kinds = [...new Set(two.flatMap((r) => Object.keys(r.latenciesByKind ?? {})))].sort();
  return kinds
    .map((k) => {
      const a = pooled(one, k);
      const b = pooled(two, k);
      return `${k} ${fmt(percentile(a, 99))} -> ${fmt(percentile(b, 99))} ms (${b.length} samples)`;
    })
    .join('; ');
}
