import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

/**
 * What a server node's main thread did over the measured window: its event-loop delay (how long a
 * ready callback waited, perf_hooks' histogram) and the CPU of the main thread alone (Linux
 * `/proc/self/task/<pid>/stat`; null elsewhere), beside the process's (worker threads included).
 */
export interface LoopSample {
  /** Event-loop delay percentiles and maximum, ms. */
  readonly loopP50: number;
  readonly loopP99: number;
  readonly loopMax: number;
  /** The main thread's CPU, percent of one core (null: not on Linux). */
  readonly mainCpuPct: number | null;
}

/** utime + stime of the main thread in ms (clock ticks of 10 ms), or null. */
function mainThreadCpuMs(): number | null {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start at its closing parenthesis.
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) * 10;
  } catch {
    return null;
  }
}

export function loopProbe(): { mark(): void; sample(): LoopSample } {
  const h = monitorEventLoopDelay({ resolution: 1 });
  h.enable();
  let cpu0 = mainThreadCpuMs();
  let at = performance.now();
  return {
    mark() {
      h.reset();
      cpu0 = mainThreadCpuMs();
      at = performance.now();
    },
    sample() {
      const ms = (ns: number): number => ns / 1e6;
      const cpu1 = mainThreadCpuMs();
      return {
        loopP50: ms(h.percentile(50)),
        loopP99: ms(h.percentile(99)),
        loopMax: ms(h.max),
        mainCpuPct: cpu0 === null || cpu1 === null ? null : ((cpu1 - cpu0) / (performance.now() - at)) * 100,
      };
    },
  };
}

const f1 = (n: number): string => (Number.isFinite(n) ? n.toFixed(1) : '-');

/** One line per run: each node's event-loop delay and main-thread CPU. */
export const loopLine = (loops: readonly LoopSample[]): string =>
  `      event loop: ${loops
    .map((l) => `delay p50 ${f1(l.loopP50)} ms, p99 ${f1(l.loopP99)} ms, max ${f1(l.loopMax)} ms, main thread CPU ${l.mainCpuPct === null ? '-' : `${l.mainCpuPct.toFixed(0)}%`}`)
    .join(' | ')}`;
