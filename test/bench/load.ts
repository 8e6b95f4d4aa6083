import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openAppTable } from './app-driver.js';
import { runAsChild } from './child.js';
import { type OpenedTable, openFloorTable, type TableOptions } from './floor-driver.js';
import { scriptPool } from './game-scripts.js';
import type { Stats } from './table.js';
import { recordGcPauses } from './loop-monitor.js';
import { windowProfiler } from './window-profiler.js';

const loadGc = process.env.BENCH_TRACE ? recordGcPauses() : [];

/**
 * Load generator (a child process of server.bench.ts, so the server under test keeps its own
 * event loop). Argument: JSON { mode, urls, games, warmupMs, durationMs }. Prints one line
 * `RESULT <json>` and exits.
 */

export interface LoadConfig {
  readonly mode: 'app' | 'floor';
  readonly urls: readonly string[];
  readonly games: number;
  readonly warmupMs: number;
  readonly durationMs: number;
  /** Pause between a move's event and the next move of that game (ms; 0: at once). */
  readonly thinkMs?: number;
  /** Spread of the think time, 0..1 (table.ts `thinkDelay`; 0: every pause is `thinkMs`). */
  readonly thinkJitter?: number;
  /** Return every latency sample (ms, sorted) with the result, for statistics pooled over runs. */
  readonly keepLatencies?: boolean;
}

export interface LoadResult {
  readonly games: number;
  readonly seconds: number;
  readonly moves: number;
  readonly movesPerSec: number;
  readonly p50: number;
  readonly p99: number;
  readonly refused: number;
  readonly refusals: Record<string, number>;
  readonly renewed: number;
  readonly setupSec: number;
  readonly loadCpuPct: number;
  /** Every latency sample, sorted (with `keepLatencies`). */
  readonly latencies?: readonly number[];
  /** The same by the move's kind (table.ts `moveKind`), each sorted (with `keepLatencies`). */
  readonly latenciesByKind?: Readonly<Record<string, readonly number[]>>;
}

/** Latency samples grouped by their kind, each group sorted and rounded to 0.01 ms. */
function byKind(latencies: readonly number[], kinds: readonly string[]): Record<string, number[]> {
  const out: Record<string, number[]> = {};
  latencies.forEach((ms, i) => (out[kinds[i] ?? ''] ??= []).push(Math.round(ms * 100) / 100));
  for (const xs of Object.values(out)) xs.sort((a, b) => a - b);
  return out;
}

/** Distinct pre-played games the tables cycle through. */
const SCRIPTS = 32;

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

async function openAll(cfg: LoadConfig, stats: Stats, opts: TableOptions): Promise<OpenedTable[]> {
  const open = cfg.mode === 'app' ? openAppTable : openFloorTable;
  const tables: OpenedTable[] = [];
  const batch = 25;
  for (let i = 0; i < cfg.games; i += batch) {
    const n = Math.min(batch, cfg.games - i);
    tables.push(...(await Promise.all(Array.from({ length: n }, (_, k) => open(i + k, cfg.urls, stats, opts)))));
  }
  return tables;
}

/**
 * BENCH_TRACE=<dir>: every latency sample with its send time (ms since the window opened), as
 * `<dir>/<mode>-<nodes>n-<pid>.json` ({ epoch, rows: [[t, ms], ...], gc }): shows whether the tail
 * comes in bursts, and at what period. `epoch` is the window's start (epoch ms) and `gc` the load
 * generator's own GC pauses ([start epoch ms, ms]); each server node writes its pauses beside it
 * (loop-monitor.ts), so a burst can be laid against the pauses of every process.
 */
function writeTrace(dir: string | undefined, cfg: LoadConfig, stats: Stats, t0: number): void {
  if (!dir || !stats.sentAt) return;
  const rows = stats.latencies.map((ms, i) => [Math.round((stats.sentAt?.[i] ?? 0) - t0), Math.round(ms * 10) / 10]);
  const trace = { epoch: performance.timeOrigin + t0, rows, gc: loadGc };
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${cfg.mode}-${cfg.urls.length}n-${process.pid}.json`), JSON.stringify(trace));
}

/**
 * When table `i` sends its first move: spread evenly over one think time (golden-ratio sequence), as
 * players who sat down at different moments. Started all at once, the tables would keep moving in
 * waves (every move of a wave answered within the think time puts the next wave in step again): a
 * burst of every game's move at once, then silence, which measures how a server drains a burst of
 * `games` moves rather than how it answers a steady load.
 */
export function startOffset(i: number, thinkMs: number): number {
  return ((i * 0.6180339887) % 1) * thinkMs;
}

/** Tells the orchestrator when the measured window opens and closes (it samples the servers' CPU). */
function mark(what: 'start' | 'end'): void {
  process.stdout.write(`MARK ${what}\n`);
}

export async function runLoad(cfg: LoadConfig): Promise<LoadResult> {
  const stats: Stats = { running: false, measuring: false, moves: 0, refused: 0, games: 0, latencies: [], refusals: {} };
  if (process.env.BENCH_TRACE) stats.sentAt = [];
  if (cfg.keepLatencies) stats.kinds = [];
  // Played out before anything is measured: the generator runs no rules under load.
  const opts: TableOptions = { scripts: scriptPool(SCRIPTS), thinkMs: cfg.thinkMs ?? 0, thinkJitter: cfg.thinkJitter ?? 0 };
  const t0 = performance.now();
  const tables = await openAll(cfg, stats, opts);
  const setupSec = (performance.now() - t0) / 1000;
  stats.running = true;
  tables.forEach((t, i) => setTimeout(() => t.table.start(t.version), startOffset(i, opts.thinkMs)));
  await sleep(cfg.warmupMs);
  // BENCH_PROF: the load generator's own profile too (its delays are part of every latency sample)
  const profiler = windowProfiler(process.env.BENCH_PROF, `load-${cfg.mode}`);
  await profiler.start();
  const cpu0 = process.cpuUsage();
  const m0 = performance.now();
  stats.measuring = true;
  mark('start');
  await sleep(cfg.durationMs);
  stats.measuring = false;
  mark('end');
  await profiler.stop();
  const seconds = (performance.now() - m0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  stats.running = false;
  await sleep(500);
  for (const t of tables) t.close();
  writeTrace(process.env.BENCH_TRACE, cfg, stats, m0);
  const lat = [...stats.latencies].sort((a, b) => a - b);
  return {
    games: cfg.games,
    seconds,
    moves: stats.moves,
    movesPerSec: stats.moves / seconds,
    p50: percentile(lat, 50),
    p99: percentile(lat, 99),
    refused: stats.refused,
    refusals: stats.refusals ?? {},
    renewed: stats.games,
    setupSec,
    loadCpuPct: ((cpu.user + cpu.system) / 1000 / (seconds * 1000)) * 100,
    ...(cfg.keepLatencies ? { latencies: lat.map((ms) => Math.round(ms * 100) / 100), latenciesByKind: byKind(stats.latencies, stats.kinds ?? []) } : {}),
  };
}

runAsChild(import.meta.url, 'load', runLoad);
