// The figures of the mate benchmarks (bench:mate, bench:mate-cold): median, p90, worst, nodes per
// second, and the ratio of a baseline's figures to ours.

/** `--name N` from the command line (N >= 0), or the fallback. */
export function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const v = i >= 0 ? Number(process.argv[i + 1]) : NaN;
  return Number.isFinite(v) && v >= 0 ? v : fallback;
}

export interface Run { solved: boolean; ms: number; nodes: number }

export interface Figures { solved: number; count: number; median: number; p90: number; worst: number; nodes: number; nodesPerS: number }

/** Quantile q of ascending times (the nearest-rank method; unsolved runs count as infinitely slow). */
export function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;
}

export function figures(runs: readonly Run[]): Figures {
  const times = runs.map((r) => (r.solved ? r.ms : Infinity)).sort((a, b) => a - b);
  const nodes = runs.reduce((n, r) => n + r.nodes, 0);
  const ms = runs.reduce((n, r) => n + r.ms, 0);
  return {
    solved: runs.filter((r) => r.solved).length,
    count: runs.length,
    median: quantile(times, 0.5),
    p90: quantile(times, 0.9),
    worst: quantile(times, 1),
    nodes,
    nodesPerS: ms > 0 ? (nodes * 1000) / ms : 0,
  };
}

const msText = (t: number, limit: number): string => (Number.isFinite(t) ? `${t.toFixed(1)} ms` : `> ${limit} ms`);

export function summaryLine(name: string, f: Figures, limit: number): string {
  const at = (t: number): string => msText(t, limit);
  return `${name.padEnd(28)} solved ${f.solved}/${f.count}  median ${at(f.median)}  p90 ${at(f.p90)}  worst ${at(f.worst)}  ` +
    `nodes ${f.nodes}  ${Math.round(f.nodesPerS)} nodes/s`;
}

/** How many times the baseline's figure is ours (times: old / new; speed: new / old). */
export function ratioLine(name: string, old: Figures, ours: Figures): string {
  const x = (a: number, b: number): string => (Number.isFinite(a) && Number.isFinite(b) && b > 0 ? `${(a / b).toFixed(2)}x` : '-');
  return `${name.padEnd(28)} median ${x(old.median, ours.median)}  p90 ${x(old.p90, ours.p90)}  worst ${x(old.worst, ours.worst)}  ` +
    `nodes/s ${x(ours.nodesPerS, old.nodesPerS)}`;
}
