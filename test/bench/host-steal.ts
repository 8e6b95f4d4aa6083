import { readFileSync } from 'node:fs';

/**
 * How much CPU time the hypervisor gave to other guests while a run was measured: the "steal"
 * column of /proc/stat's aggregate `cpu` line (Linux). On a shared host, a neighbour's load takes
 * time from the server nodes, the load generator and redis-server alike, in bursts that no
 * interleaving of floor and game-server runs evens out; a run with steal is not one from a quiet
 * machine, and its latencies say more about the host than about the code.
 */
export interface HostCpu {
  /** Every column of the `cpu` line summed (user .. steal; guest time is inside user already). */
  readonly total: number;
  readonly steal: number;
}

/** The `cpu` line of /proc/stat's text, or null when it has none (or no steal column). */
export function parseProcStat(text: string): HostCpu | null {
  const line = /^cpu\s+(.*)$/m.exec(text)?.[1];
  if (line === undefined) return null;
  const cols = line.trim().split(/\s+/).map(Number);
  // user nice system idle iowait irq softirq steal [guest guest_nice]
  if (cols.length < 8 || cols.some((c) => !Number.isFinite(c))) return null;
  const first8 = cols.slice(0, 8);
  return { total: first8.reduce((a, b) => a + b, 0), steal: first8[7] ?? 0 };
}

/** The host's CPU counters now; null where there is no /proc/stat (not Linux). */
export function hostCpu(): HostCpu | null {
  try {
    return parseProcStat(readFileSync('/proc/stat', 'utf8'));
  } catch {
    return null;
  }
}

/** Percent of all CPU time between two readings that was stolen; null without both readings or time between them. */
export function stolenPct(from: HostCpu | null, to: HostCpu | null): number | null {
  if (from === null || to === null || to.total <= from.total) return null;
  return (100 * (to.steal - from.steal)) / (to.total - from.total);
}
