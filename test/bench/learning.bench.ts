/**
 * `npm run bench:learning`: what the learning side costs. Plays BENCH_GAMES (40) seeded random
 * games of 16 turns (Scottish and Italian) and mines each as an archived game is mined (the mate
 * finder per series in the worker pool, the default budget): time and search nodes per game. Then
 * counts BENCH_EXPLORER_GAMES (2000) random games into the explorer's rows on PGlite and times
 * BENCH_REQUESTS (200) explorer queries: the initial position (every game's first row) and turn-3
 * positions. Prints figures; asserts nothing.
 */
import { performance } from 'node:perf_hooks';
import { legalMoves, makeUci, newGame, play, playedTurns, seededRandom, turnStartKey, type Move, type PlayedTurn, type VariantId } from '@progressive-chess/shared';
import { createWorkerPool } from '../../server/src/compute/worker-pool.js';
import { openDatabase } from '../../server/src/db/open-database.js';
import { ExplorerRepo } from '../../server/src/learning/explorer-repo.js';
import { DEFAULT_MINING_BUDGET, mineGame } from '../../server/src/learning/puzzle-miner.js';
import { percentile } from './load.js';

const GAMES = Number(process.env.BENCH_GAMES ?? 40);
const EXPLORER_GAMES = Number(process.env.BENCH_EXPLORER_GAMES ?? 2000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const TURNS = 16;

const stats = (xs: number[], unit: string): string => {
  const s = [...xs].sort((a, b) => a - b);
  const mean = s.reduce((a, b) => a + b, 0) / Math.max(1, s.length);
  return `mean ${mean.toFixed(1)} ${unit}, p50 ${percentile(s, 50).toFixed(1)}, p95 ${percentile(s, 95).toFixed(1)}, max ${(s.at(-1) ?? 0).toFixed(1)} (n=${s.length})`;
};

/** A seeded random game of up to TURNS turns: its series, cut into turns as the archive's games are. */
function randomGame(variant: VariantId, seed: number): PlayedTurn[] {
  const random = seededRandom(seed);
  const g = newGame(variant);
  if (!g.ok) throw new Error(g.error.message);
  let s = g.value;
  const moves: Move[] = [];
  while (!s.outcome && s.turn <= TURNS) {
    const legal = legalMoves(s);
    const m = legal[Math.floor(random() * legal.length)];
    if (!m) break;
    const r = play(s, m);
    if (!r.ok) throw new Error(r.error.message);
    moves.push(m);
    s = r.value.state;
  }
  const turns = playedTurns({ variant, moves });
  if (!turns.ok) throw new Error(turns.error.message);
  return turns.value;
}

const pool = createWorkerPool();
const perGame: number[] = [];
const nodes: number[] = [];
let series = 0;
let found = 0;
for (let i = 0; i < GAMES; i++) {
  const variant: VariantId = i % 2 === 0 ? 'scottish' : 'italian';
  const turns = randomGame(variant, i + 1);
  const t0 = performance.now();
  const mined = await mineGame({ id: `g${i}`, variant }, turns, pool, DEFAULT_MINING_BUDGET);
  perGame.push(performance.now() - t0);
  nodes.push(mined.nodes);
  series += mined.series;
  found += mined.candidates.length;
}
await pool.close();
console.log(`mining ${GAMES} random games of ${TURNS} turns (budget ${DEFAULT_MINING_BUDGET.maxNodesPerSeries} nodes / ${DEFAULT_MINING_BUDGET.msPerSeries} ms per series):`);
console.log(`  wall time per game: ${stats(perGame, 'ms')}`);
console.log(`  search nodes per game: ${stats(nodes, 'nodes')}; ${series} series searched, ${found} puzzle candidates`);

const db = await openDatabase({});
const repo = new ExplorerRepo(db);
const keys: string[] = [];
const writes: number[] = [];
for (let i = 0; i < EXPLORER_GAMES; i++) {
  const turns = randomGame('scottish', 100_000 + i).slice(0, 12);
  const rows = turns
    .filter((t) => t.moves.length > 0)
    .map((t) => ({
      variant: 'scottish' as const,
      positionKey: turnStartKey(t.start),
      series: t.moves.map(makeUci).join(' '),
      speed: i % 3 === 0 ? ('live' as const) : ('untimed' as const),
      band: i % 2 === 0 ? ('unrated' as const) : ('1400-1599' as const),
      result: i % 3 === 0 ? ('1-0' as const) : ('0-1' as const),
    }));
  const t0 = performance.now();
  await repo.count(`e${i}`, rows, i);
  writes.push(performance.now() - t0);
  const third = turns[2];
  if (third) keys.push(turnStartKey(third.start));
}
const start = turnStartKey(randomGame('scottish', 1)[0]!.start);
const timed = async (key: (i: number) => string, filtered: boolean): Promise<number[]> => {
  const out: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const t0 = performance.now();
    await repo.series('scottish', key(i), filtered ? ['live'] : null, filtered ? ['unrated'] : null);
    out.push(performance.now() - t0);
  }
  return out;
};
console.log(`explorer on PGlite, ${EXPLORER_GAMES} games counted:`);
console.log(`  counting one archived game: ${stats(writes, 'ms')}`);
console.log(`  query, initial position (${EXPLORER_GAMES} games, one row per distinct first series): ${stats(await timed(() => start, false), 'ms')}`);
console.log(`  same, filtered by speed and band: ${stats(await timed(() => start, true), 'ms')}`);
console.log(`  query, turn-3 positions: ${stats(await timed((i) => keys[i % keys.length]!, false), 'ms')}`);
await db.close();
