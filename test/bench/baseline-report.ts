import type { PhaseResult } from './phase.js';
import { layoutName } from './node-layout.js';
import { fmt, median } from './server-report.js';

/**
 * bench:server with BENCH_BASELINE: this checkout's game server against the other one's, layout by
 * layout, from the runs of one bench (interleaved, so the machine's drift hits both alike): the
 * servers' CPU per move, each also as a share of the floor's of the same layout when the floor ran,
 * and the p99. Nothing is printed without baseline runs.
 */
export function baselineReport(rows: readonly PhaseResult[]): void {
  const base = rows.filter((r) => r.mode === 'baseline');
  if (base.length === 0) return;
  console.log('\nThis game server vs the baseline (BENCH_BASELINE), median of the runs:');
  const layouts = [...new Map(base.map((r) => [layoutName(r), r])).values()];
  for (const l of layouts) {
    const of = (mode: PhaseResult['mode']): PhaseResult[] => rows.filter((r) => r.mode === mode && r.nodes === l.nodes && r.bystanders === l.bystanders);
    const cpu = (rs: PhaseResult[]): number => median(rs.map((r) => r.cpuMsPerMove));
    const p99 = (rs: PhaseResult[]): number => median(rs.map((r) => r.p99));
    const [app, before, floor] = [of('app'), of('baseline'), of('floor')];
    if (app.length === 0) continue;
    const floorPart = floor.length > 0 ? `; over the floor ${fmt(cpu(before) / cpu(floor), 2)}x -> ${fmt(cpu(app) / cpu(floor), 2)}x` : '';
    console.log(
      `  ${layoutName(l)}: CPU ms/move ${fmt(cpu(before), 3)} -> ${fmt(cpu(app), 3)} (${fmt(cpu(app) / cpu(before), 2)}x)${floorPart}; ` +
        `p99 ${fmt(p99(before))} -> ${fmt(p99(app))} ms`,
    );
  }
}
