// bench:server's load sweep (--games 125,250,500): the option, the goals at each load, and how far up they hold.
import { describe, expect, it } from 'vitest';
import { gamesOption } from '../bench/games-option.js';
import { goalFigures } from '../bench/server-report.js';
import { capacityUnder, goalsHoldUpTo, shareText, sweepLines, type LoadRuns } from '../bench/sweep-report.js';
import type { BenchMode, PhaseResult } from '../bench/phase.js';

const GOALS = { p99Goal: 1.25, throughputGoal: 0.85 };

/** A run's result with the figures the goals read (the rest as a quiet, unremarkable run). */
function run(mode: BenchMode, nodes: number, games: number, p99: number, movesPerSec: number, latencies?: number[]): PhaseResult {
  return {
    games,
    seconds: 12,
    moves: movesPerSec * 12,
    movesPerSec,
    p50: p99 / 5,
    p99,
    refused: 0,
    refusals: {},
    renewed: 0,
    setupSec: 1,
    loadCpuPct: 30,
    ...(latencies ? { latencies } : {}),
    mode,
    nodes,
    bystanders: 0,
    serverCpu: nodes === 1 ? [50] : [40, 40],
    cpuMsPerMove: mode === 'app' ? 0.4 : 0.25,
    storePerMove: 1,
    publishPerMove: null,
    receivedPerMove: null,
    storeByName: {},
    redisCpu: 10,
    redisCallsPerMove: 3,
    loop: [],
    stealPct: 0,
  };
}

/** One load: the floor's and the game server's runs at 1 and 2 nodes (p99 per node count); 4 moves/s a game, `appShare` of that for the game server. */
function load(games: number, app: Record<1 | 2, number>, floor: Record<1 | 2, number>, appShare = 1): LoadRuns {
  const rows = ([1, 2] as const).flatMap((n) => [run('floor', n, games, floor[n], games * 4), run('app', n, games, app[n], games * 4 * appShare)]);
  return { games, rows };
}

describe('--games', () => {
  it('takes one number, or a list measured from the lightest load up', () => {
    expect(gamesOption(undefined, 500)).toEqual([500]);
    expect(gamesOption('', 500)).toEqual([500]);
    expect(gamesOption('250', 500)).toEqual([250]);
    expect(gamesOption('500,125, 250,125', 500)).toEqual([125, 250, 500]);
  });

  it('refuses anything but whole numbers above 0', () => {
    for (const bad of ['0', '-5', '12.5', 'lots', '125,,250', '125,x']) {
      expect(() => gamesOption(bad, 500), bad).toThrow(/whole numbers above 0/);
    }
  });
});

describe('the goals at each load', () => {
  it('are the ratios of the medians, with the pairwise ratios and the pooled p99', () => {
    const floor = [run('floor', 1, 100, 10, 1000, [1, 2, 10]), run('floor', 1, 100, 20, 1000, [1, 2, 20])];
    const app = [run('app', 1, 100, 15, 900, [1, 3, 30]), run('app', 1, 100, 25, 950, [2, 3, 25])];
    const g = goalFigures(floor, app);
    expect(g.p99).toBeCloseTo(20 / 15);
    expect(g.p99Runs).toEqual([1.5, 1.25]);
    expect(g.throughput).toBeCloseTo(925 / 1000);
    expect(g.throughputRuns).toEqual([0.9, 0.95]);
    expect(g.cpuPerMove).toBeCloseTo(1.6);
    // pooled: the p99 of every sample together (30 against 20)
    expect(g.pooledP99).toBeCloseTo(1.5);
  });

  it('hold up to the last load of an unbroken run of loads that meet them', () => {
    const lines = sweepLines(
      [
        load(500, { 1: 20, 2: 160 }, { 1: 18, 2: 16 }),
        load(125, { 1: 10, 2: 11 }, { 1: 10, 2: 10 }),
        load(250, { 1: 12, 2: 40 }, { 1: 11, 2: 11 }),
      ],
      GOALS,
    );
    // sorted by load, one line per node count
    expect(lines.map((l) => [l.games, l.nodes, l.met])).toEqual([
      [125, 1, true],
      [125, 2, true],
      [250, 1, true],
      [250, 2, false],
      [500, 1, true],
      [500, 2, false],
    ]);
    expect(goalsHoldUpTo(lines, 1)?.games).toBe(500);
    expect(goalsHoldUpTo(lines, 2)?.games).toBe(125);
    // the whole machine's CPU: servers + load generator + redis-server
    expect(lines[1]?.appMachineCpu).toBe(40 + 40 + 30 + 10);
  });

  it('stop at the first load that misses, even when a heavier one meets them by chance', () => {
    const lines = sweepLines([load(125, { 1: 10, 2: 20 }, { 1: 10, 2: 10 }), load(250, { 1: 11, 2: 11 }, { 1: 11, 2: 11 })], GOALS);
    expect(lines.filter((l) => l.nodes === 2).map((l) => l.met)).toEqual([false, true]);
    expect(goalsHoldUpTo(lines, 2)).toBeNull();
  });

  it('miss on throughput alone, and on a pooled p99 over the goal when the medians meet it', () => {
    const slow = sweepLines([load(125, { 1: 10, 2: 10 }, { 1: 10, 2: 10 }, 0.8)], GOALS);
    expect(slow.every((l) => !l.met)).toBe(true);
    const floor = [run('floor', 1, 125, 10, 1000, [1, 1, 10])];
    const app = [run('app', 1, 125, 10, 1000, [1, 1, 20])];
    const [line] = sweepLines([{ games: 125, rows: [...floor, ...app] }], GOALS);
    expect(line?.goals.p99).toBe(1);
    expect(line?.goals.pooledP99).toBe(2);
    expect(line?.met).toBe(false);
  });
});

describe('the load carried within a p99 bound', () => {
  // p99 (ms) of the floor and the game server at 125, 250 and 500 games, 2 nodes
  const sweep = (floor: number[], app: number[]) =>
    sweepLines(
      [125, 250, 500].map((games, i) => load(games, { 1: 5, 2: app[i] ?? NaN }, { 1: 5, 2: floor[i] ?? NaN })),
      GOALS,
    );

  it("is the heaviest load of an unbroken run within the bound, and the share of the floor's", () => {
    const c = capacityUnder(sweep([8, 10, 30], [12, 20, 170]), 2, 25);
    expect(c.floor).toMatchObject({ games: 250, atTop: false });
    expect(c.app).toMatchObject({ games: 250, atTop: false });
    expect(c.share).toBeCloseTo(1);
    expect(shareText(c)).toBe(": the game server carries 100% of the floor's load");
    const tighter = capacityUnder(sweep([8, 10, 30], [12, 20, 170]), 2, 15);
    expect(tighter.app.games).toBe(125);
    expect(shareText(tighter)).toBe(": the game server carries 50% of the floor's load");
  });

  it('says "at most" when the floor held the bound at the heaviest load, and nothing of a share it cannot tell', () => {
    const c = capacityUnder(sweep([8, 10, 20], [12, 20, 170]), 2, 25);
    expect(c.floor).toMatchObject({ games: 500, atTop: true });
    expect(shareText(c)).toBe(": the game server carries at most 50% of the floor's load");
    expect(shareText(capacityUnder(sweep([8, 10, 20], [9, 11, 21]), 2, 25))).toBe(': both within the bound at every load measured');
    expect(capacityUnder(sweep([8, 10, 20], [30, 20, 21]), 2, 25).app.games).toBeNull();
    expect(shareText(capacityUnder(sweep([30, 10, 20], [30, 20, 21]), 2, 25))).toBe('');
  });
});
