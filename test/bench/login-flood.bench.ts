import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../../server/src/app.js';
import { DEFAULT_HASHING_LIMITS, type HashingLimits } from '../../server/src/accounts/password.js';
import { openDatabase } from '../../server/src/db/open-database.js';
import { createMemoryStore } from '../../server/src/store/memory-store.js';
import { percentile } from './load.js';
import { fmt } from './server-report.js';

/**
 * `npm run bench:login-flood [-- --addresses 10 --logins 30 --runs 2]`: static requests (`GET /`,
 * `/docs/rules`, a 600 kB script gzipped) while `--addresses` x `--logins` wrong-password logins
 * arrive at once (the default is each address's whole budget, 30 per 15 minutes), on one node with
 * PGlite, in this process. Phases: static alone; static beside the flood with password hashing
 * unbounded (as before issue 29: every libuv thread busy with scrypt, static files and compression
 * waiting behind it); the same with the default hashing gate (DEFAULT_HASHING_LIMITS). Prints each
 * phase's static latency (p50, p99, max), the flood's answers (401 checked, 503 busy, 429 limited)
 * and how long it took. Loopback only; figures, not a pass/fail.
 */

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const n = Number(i >= 0 ? process.argv[i + 1] : fallback);
  return Number.isFinite(n) && n >= 1 ? n : fallback;
}

const ADDRESSES = option('addresses', 10);
const LOGINS = option('logins', 30);
const RUNS = option('runs', 2);
const STATIC_WORKERS = 4;
const QUIET_MS = 3000;

/** A built client stand-in: index.html and one large, compressible script. */
function clientDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'pcl-login-flood-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>bench</title><script src="/assets/app.js"></script>');
  const lines = Array.from({ length: 12_000 }, (_, i) => `export const v${i} = ${i} * Math.random() + ${i % 97};`);
  writeFileSync(join(dir, 'assets', 'app.js'), lines.join('\n'));
  return dir;
}

const STATIC_PATHS = ['/', '/docs/rules', '/assets/app.js'];

/** Static requests in `STATIC_WORKERS` loops until `until` resolves; their latencies in ms. */
async function staticLatencies(url: string, until: Promise<unknown>): Promise<number[]> {
  const samples: number[] = [];
  let done = false;
  void until.finally(() => {
    done = true;
  });
  const loop = async (w: number): Promise<void> => {
    for (let i = w; !done; i++) {
      const t0 = performance.now();
      const res = await fetch(`${url}${STATIC_PATHS[i % STATIC_PATHS.length] ?? '/'}`, { headers: { 'accept-encoding': 'gzip' } });
      await res.arrayBuffer();
      samples.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: STATIC_WORKERS }, (_, w) => loop(w)));
  return samples;
}

async function flood(url: string): Promise<{ statuses: Map<number, number>; seconds: number }> {
  const t0 = performance.now();
  const statuses = new Map<number, number>();
  await Promise.all(
    Array.from({ length: ADDRESSES * LOGINS }, async (_, i) => {
      const res = await fetch(`${url}/api/account/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-real-ip': `203.0.113.${(i % ADDRESSES) + 1}` },
        body: JSON.stringify({ username: `victim${i % ADDRESSES}`, password: 'wrong password' }),
      });
      await res.arrayBuffer();
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    }),
  );
  return { statuses, seconds: (performance.now() - t0) / 1000 };
}

const line = (name: string, xs: number[], extra = ''): string => {
  const sorted = [...xs].sort((a, b) => a - b);
  return `${name.padEnd(34)} n=${String(sorted.length).padStart(5)}  p50 ${fmt(percentile(sorted, 50)).padStart(8)} ms  p99 ${fmt(percentile(sorted, 99)).padStart(8)} ms  max ${fmt(sorted.at(-1) ?? NaN).padStart(8)} ms${extra}`;
};

const UNBOUNDED: HashingLimits = { concurrency: 1_000, maxQueue: 100_000 };

async function phase(dir: string, hashing: HashingLimits, withFlood: boolean): Promise<string> {
  const database = await openDatabase({});
  const store = createMemoryStore();
  const app = createApp({
    store,
    database,
    clientDir: dir,
    trustProxy: true,
    // the flood's addresses have their full budgets: the limits under test are the hashing gate's
    loginLimits: { perAccountAddress: LOGINS, perAccount: ADDRESSES * LOGINS, perAddress: LOGINS, windowSec: 900 },
    passwordHashing: hashing,
  });
  const { port } = await app.listen(0, '127.0.0.1');
  const url = `http://127.0.0.1:${port}`;
  try {
    await staticLatencies(url, new Promise((r) => setTimeout(r, 300))); // warm-up
    if (!withFlood) return line('static alone', await staticLatencies(url, new Promise((r) => setTimeout(r, QUIET_MS))));
    const f = flood(url);
    const samples = await staticLatencies(url, f);
    const { statuses, seconds } = await f;
    const answers = [...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}x${n}`).join(' ');
    const name = hashing === UNBOUNDED ? 'beside flood, hashing unbounded' : `beside flood, gate ${hashing.concurrency}/${hashing.maxQueue}`;
    return line(name, samples, `  flood ${fmt(seconds)} s: ${answers}`);
  } finally {
    await app.close();
    await store.close();
    await database.close();
  }
}

async function main(): Promise<void> {
  const dir = clientDir();
  console.log(`login flood: ${ADDRESSES} addresses x ${LOGINS} wrong-password logins at once; static: ${STATIC_WORKERS} loops over ${STATIC_PATHS.join(', ')} (gzip)`);
  try {
    for (let run = 1; run <= RUNS; run++) {
      console.log(`run ${run}`);
      console.log(`  ${await phase(dir, DEFAULT_HASHING_LIMITS, false)}`);
      // unbounded: as many hashes at once as arrive, i.e. every thread of libuv's pool (before issue 29)
      console.log(`  ${await phase(dir, UNBOUNDED, true)}`);
      console.log(`  ${await phase(dir, DEFAULT_HASHING_LIMITS, true)}`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
