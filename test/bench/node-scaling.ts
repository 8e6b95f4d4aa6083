import type { PhaseResult } from './phase.js';
import { percentile } from './load.js';
import { fmt, median, receivedText } from './server-report.js';

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

/** One line per mode: CPU per move, p99 and messages received at each node count, and the two ratios. */
export function nodeScalingReport(rows: readonly PhaseResult[]): void {
  const modes = [...new Set(rows.map((r) => r.mode))];
  const counts = [...new Set(rows.map((r) => r.nodes))].sort((a, b) => a - b);
  if (counts.length < 2) return;
  console.log(`\nNode scaling (goals: total CPU per move at 4 nodes <= ${CPU_4_OVER_2_GOAL}x at 2; p99 at 2 nodes <= ${P99_2_OVER_1_GOAL}x at 1):`);
  for (const mode of modes) {
    const at = (n: number): PhaseResult[] => rows.filter((r) => r.mode === mode && r.nodes === n);
    const cpu = (n: number): number => median(at(n).map((r) => r.cpuMsPerMove));
    const p99 = (n: number): number => median(at(n).map((r) => r.p99));
    const parts = counts
      .filter((n) => at(n).length > 0)
      .map((n) => `${n} node${n > 1 ? 's' : ''}: ${fmt(cpu(n), 3)} CPU ms/move, p99 ${fmt(p99(n))} ms (pooled ${fmt(pooledP99(at(n)))}), adapter messages received per move per node ${receivedText(at(n))}`);
    console.log(`  ${mode}: ${parts.join('; ')}`);
    const ratios: string[] = [];
    if (at(2).length && at(4).length) {
      const r = cpu(4) / cpu(2);
      ratios.push(`CPU/move 4 vs 2 nodes ${fmt(r, 2)}x ${r <= CPU_4_OVER_2_GOAL ? 'MET' : 'NOT MET'}`);
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
