import { afterEach, describe, expect, it, vi } from 'vitest';
import { layoutName, parseNodeLayouts } from '../bench/node-layout.js';
import { nodeScalingReport } from '../bench/node-scaling.js';
import { baselineReport } from '../bench/baseline-report.js';
import type { BenchMode, PhaseResult } from '../bench/phase.js';

describe('bench:server node layouts (BENCH_NODES)', () => {
  it('reads counts and counts with bystanders', () => {
    expect(parseNodeLayouts('1,2,4,2+2')).toEqual([
      { nodes: 1, bystanders: 0 },
      { nodes: 2, bystanders: 0 },
      { nodes: 4, bystanders: 0 },
      { nodes: 4, bystanders: 2 },
    ]);
    expect(layoutName({ nodes: 4, bystanders: 2 })).toBe('4 nodes (2 without players)');
    expect(layoutName({ nodes: 1, bystanders: 0 })).toBe('1 node');
  });

  it('refuses what is not a layout, rather than measuring another one', () => {
    for (const bad of ['', '0', '0+2', '2+', 'two', '2,,4', '-1']) expect(() => parseNodeLayouts(bad), bad).toThrow(/BENCH_NODES/);
  });
});

function row(mode: BenchMode, nodes: number, bystanders: number, cpuMsPerMove: number): PhaseResult {
  return {
    games: 500, seconds: 12, moves: 12_000, movesPerSec: 1000, p50: 2, p99: 10, refused: 0, refusals: {}, renewed: 0, setupSec: 1, loadCpuPct: 30,
    mode, nodes, bystanders, serverCpu: [], cpuMsPerMove, storePerMove: 1, publishPerMove: null, receivedPerMove: null, storeByName: {},
    redisCpu: 10, redisCallsPerMove: 3, loop: [], stealPct: 0,
  };
}

describe('node scaling report', () => {
  afterEach(() => vi.restoreAllMocks());

  it('prints 4 vs 2 against the floor and 2+2 vs 2 apart from 4', () => {
    const lines: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => void lines.push(a.join(' ')));
    nodeScalingReport([
      row('app', 2, 0, 0.5), row('floor', 2, 0, 0.3),
      row('app', 4, 0, 0.7), row('floor', 4, 0, 0.45),
      row('app', 4, 2, 0.52), row('floor', 4, 2, 0.31),
    ]);
    const text = lines.join('\n');
    expect(text).toMatch(/floor: 2 nodes: 0\.300 CPU ms\/move.*4 nodes \(2 without players\): 0\.310 CPU ms\/move/);
    expect(text).toMatch(/app:[^\n]*\n\s+CPU\/move 4 vs 2 nodes 1\.40x \(0\.93x the floor's growth\) NOT MET; CPU\/move 2\+2 vs 2 nodes 1\.04x MET/);
  });
});

describe('baseline report (BENCH_BASELINE)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('prints this server against the baseline per layout, and over the floor of the same layout', () => {
    const lines: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => void lines.push(a.join(' ')));
    baselineReport([row('floor', 1, 0, 0.25), row('app', 1, 0, 0.4), row('baseline', 1, 0, 0.5), row('app', 4, 2, 0.6), row('baseline', 4, 2, 0.8)]);
    expect(lines.slice(1)).toEqual([
      '  1 node: CPU ms/move 0.500 -> 0.400 (0.80x); over the floor 2.00x -> 1.60x; p99 10.0 -> 10.0 ms',
      '  4 nodes (2 without players): CPU ms/move 0.800 -> 0.600 (0.75x); p99 10.0 -> 10.0 ms',
    ]);
  });

  it('prints nothing without baseline runs', () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    baselineReport([row('floor', 1, 0, 0.25), row('app', 1, 0, 0.4)]);
    expect(log).not.toHaveBeenCalled();
  });
});
