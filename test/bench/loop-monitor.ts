import { mkdirSync, writeFileSync } from 'node:fs';
import { constants, type IntervalHistogram, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { procStatFields } from '../../server/src/compute/thread-priority.js';

/**
 * What blocked a server node's event loop over a measured window: the event-loop delay histogram
 * (perf_hooks.monitorEventLoopDelay: how late a 10 ms timer fired, i.e. how long the loop was busy
 * with one run of work) and the garbage collector's pauses. A tail in the spectators' latency that
 * the loop delay shares comes from work done in bursts on the node (a periodic sweep, a large
 * allocation's GC); one the loop delay does not show comes from elsewhere (Redis, the network, the
 * load generator).
 */
export interface LoopSample {
  /** Event-loop delay percentiles and maximum, ms. */
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
  /** Garbage collections in the window, their total and longest pause (ms). */
  readonly gcCount: number;
  readonly gcMs: number;
  readonly gcMaxMs: number;
  /** Of those, the full (mark-compact) collections: count and total pause (ms); the rest are scavenges and incremental steps. */
  readonly gcMajorCount: number;
  readonly gcMajorMs: number;
  /** The main thread's CPU, percent of one core (null: not on Linux). */
  readonly mainCpuPct: number | null;
}

export interface LoopMonitor {
  /** Starts a new window (clears what was recorded). */
  reset(): void;
  sample(): LoopSample;
}

const NS_PER_MS = 1e6;

/** utime + stime (fields 14 and 15) of the main thread in ms (clock ticks of 10 ms; Linux `/proc`), or null. */
function mainThreadCpuMs(): number | null {
  const t = procStatFields(`/proc/self/task/${process.pid}/stat`, [14, 15]);
  return t === null ? null : (t[0]! + t[1]!) * 10;
}

/** Every GC pause of this process from now on, as [start (epoch ms), duration (ms)] (BENCH_TRACE). */
export function recordGcPauses(): [number, number][] {
  const pauses: [number, number][] = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) pauses.push([performance.timeOrigin + e.startTime, e.duration]);
  }).observe({ entryTypes: ['gc'] });
  return pauses;
}

export function loopMonitor(): LoopMonitor {
  // BENCH_TRACE=<dir>: the node's GC pauses, written as <dir>/gc-<pid>.json when it exits, to lay
  // beside the latency samples (load.ts writeTrace): whether the tail follows this node's pauses
  const trace = process.env.BENCH_TRACE;
  if (trace) {
    const pauses = recordGcPauses();
    process.on('exit', () => {
      mkdirSync(trace, { recursive: true });
      writeFileSync(`${trace}/gc-${process.pid}.json`, JSON.stringify(pauses));
    });
  }
  const delay: IntervalHistogram = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  let gc = { count: 0, ms: 0, max: 0, majorCount: 0, majorMs: 0 };
  let cpu0 = mainThreadCpuMs();
  let at = performance.now();
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      gc.count += 1;
      gc.ms += e.duration;
      gc.max = Math.max(gc.max, e.duration);
      if (((e as { detail?: { kind?: number } }).detail)?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) {
        gc.majorCount += 1;
        gc.majorMs += e.duration;
      }
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  return {
    reset() {
      delay.reset();
      gc = { count: 0, ms: 0, max: 0, majorCount: 0, majorMs: 0 };
      cpu0 = mainThreadCpuMs();
      at = performance.now();
    },
    sample() {
      // The histogram counts the timer's own resolution in every sample: subtract it.
      const ms = (ns: number): number => Math.max(0, ns / NS_PER_MS - 10);
      const cpu1 = mainThreadCpuMs();
      return {
        p50: ms(delay.percentile(50)),
        p99: ms(delay.percentile(99)),
        max: ms(delay.max),
        gcCount: gc.count,
        gcMs: gc.ms,
        gcMaxMs: gc.max,
        gcMajorCount: gc.majorCount,
        gcMajorMs: gc.majorMs,
        mainCpuPct: cpu0 === null || cpu1 === null ? null : ((cpu1 - cpu0) / (performance.now() - at)) * 100,
      };
    },
  };
}
