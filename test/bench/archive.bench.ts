/**
 * `npm run bench:archive`: seeds 10,000 archived games (half of them rated, among 50 accounts)
 * through the real archive repository, then serves profiles and game lists over HTTP from a real
 * server. Prints archive write latency and the response times of the profile and game-list
 * endpoints, on the embedded PGlite and on a PostgreSQL started by the test harness (when the
 * binaries are there). Bounded: BENCH_GAMES (10000) games, BENCH_REQUESTS (200) requests per endpoint.
 */
import { performance } from 'node:perf_hooks';
import { createApp } from '../../server/src/app.js';
import { AccountsRepo } from '../../server/src/db/accounts-repo.js';
import { ArchiveRepo, type ArchiveEntry } from '../../server/src/db/archive-repo.js';
import type { Database } from '../../server/src/db/database.js';
import { openDatabase } from '../../server/src/db/open-database.js';
import { createMemoryStore } from '../../server/src/store/memory-store.js';
import { postgresBinDir, startPostgres } from '../support/postgres-server.js';
import { percentile } from './load.js';
import { rng } from './table.js';

const GAMES = Number(process.env.BENCH_GAMES ?? 10_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const PLAYERS = 50;
const RESULTS = ['1-0', '0-1', '1/2-1/2'] as const;

const ms = (xs: number[]): string => {
  const s = [...xs].sort((a, b) => a - b);
  const mean = s.reduce((a, b) => a + b, 0) / Math.max(1, s.length);
  return `mean ${mean.toFixed(2)} ms, p50 ${percentile(s, 50).toFixed(2)}, p95 ${percentile(s, 95).toFixed(2)}, p99 ${percentile(s, 99).toFixed(2)} (n=${s.length})`;
};

function entry(i: number, rand: () => number, t0: number): ArchiveEntry {
  const w = Math.floor(rand() * PLAYERS);
  const b = (w + 1 + Math.floor(rand() * (PLAYERS - 1))) % PLAYERS;
  const result = RESULTS[Math.floor(rand() * 3)] ?? '1-0';
  const moves = Array.from({ length: 20 }, (_, k) => JSON.stringify({ uci: 'e2e4', san: 'e4', turn: k + 1, index: 1, at: t0 }));
  return {
    id: `bench${i}`,
    variant: i % 4 === 0 ? 'italian' : 'scottish',
    rated: i % 2 === 0,
    white: { id: `p${w}`, name: `player${w}` },
    black: { id: `p${b}`, name: `player${b}` },
    result,
    reason: result === '1/2-1/2' ? 'agreement' : 'checkmate',
    turns: 8,
    createdAt: t0 + i * 1000,
    endedAt: t0 + i * 1000 + 600_000,
    version: 30,
    doc: JSON.stringify({ id: `bench${i}`, variant: 'scottish', padding: 'x'.repeat(1500) }),
    moves,
  };
}

async function seed(db: Database): Promise<number[]> {
  const accounts = new AccountsRepo(db);
  for (let p = 0; p < PLAYERS; p++) {
    await accounts.create({ playerId: `p${p}`, username: `player${p}`, passwordHash: 'x', createdAt: 0 });
  }
  const archive = new ArchiveRepo(db);
  const rand = rng(7);
  const t0 = Date.UTC(2026, 0, 1);
  const lat: number[] = [];
  const started = performance.now();
  for (let i = 0; i < GAMES; i++) {
    const e = entry(i, rand, t0);
    const t = performance.now();
    await archive.archive(e, e.endedAt);
    lat.push(performance.now() - t);
  }
  console.log(`  seeded ${GAMES} games in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return lat;
}

async function timeGets(base: string, paths: readonly string[]): Promise<number[]> {
  const lat: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const t = performance.now();
    const res = await fetch(`${base}${paths[i % paths.length]}`);
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${paths[i % paths.length]}: HTTP ${res.status}`);
    lat.push(performance.now() - t);
  }
  return lat;
}

async function measure(label: string, db: Database): Promise<void> {
  console.log(`\n${label}`);
  const writes = await seed(db);
  console.log(`  archive write (insert + game_players + Glicko-2 for rated games, one transaction): ${ms(writes)}`);
  const store = createMemoryStore();
  const app = createApp({ store, database: db });
  const { port } = await app.listen(0, '127.0.0.1');
  const base = `http://127.0.0.1:${port}`;
  try {
    const names = Array.from({ length: 10 }, (_, i) => `player${i}`);
    const page = (await (await fetch(`${base}/api/players/player0/games?limit=20`)).json()) as { next: string | null };
    await timeGets(base, names.map((n) => `/api/players/${n}`)); // warm-up
    console.log(`  games per player: ~${Math.round((2 * GAMES) / PLAYERS)}`);
    console.log(`  GET /api/players/:name (profile: ratings, history, 10 recent games): ${ms(await timeGets(base, names.map((n) => `/api/players/${n}`)))}`);
    console.log(`  GET /api/players/:name/games (first page of 20): ${ms(await timeGets(base, names.map((n) => `/api/players/${n}/games`)))}`);
    if (page.next !== null) {
      console.log(`  GET /api/players/:name/games?before=<cursor> (next page): ${ms(await timeGets(base, [`/api/players/player0/games?before=${page.next}`]))}`);
    }
    console.log(
      `  GET /api/players/:name/games?variant=italian&result=win (filtered): ${ms(await timeGets(base, names.map((n) => `/api/players/${n}/games?variant=italian&result=win`)))}`,
    );
    console.log(`  GET /api/leaderboard/scottish: ${ms(await timeGets(base, ['/api/leaderboard/scottish']))}`);
  } finally {
    await app.close();
    await store.close();
  }
}

console.log(`bench:archive — ${GAMES} archived games, ${PLAYERS} accounts, ${REQUESTS} requests per endpoint (sequential)`);
const lite = await openDatabase({});
try {
  await measure('PGlite (embedded, in memory)', lite);
} finally {
  await lite.close();
}
if (postgresBinDir() !== null) {
  const pg = await startPostgres();
  try {
    const db = await openDatabase({ url: await pg.createDatabase() });
    try {
      await measure('PostgreSQL (harness server, fsync off)', db);
    } finally {
      await db.close();
    }
  } finally {
    await pg.stop();
  }
} else console.log('\nPostgreSQL binaries not found: PostgreSQL part skipped');
