import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { busyMs, type CpuProfile, floorBound, ORIGINS, type Origin, timeByOrigin } from './profile-origins.js';

/**
 * `npm run bench:profile-origins -- <dir>` (or BENCH_PROF): the self time of each CPU profile that
 * `BENCH_PROF=<dir> npm run bench:server` wrote, by origin (profile-origins.ts), then the floor's and
 * the game server's profiles summed (`floor-*`, `app-*`; run one layout, e.g. BENCH_NODES=1) and the
 * bound they set: the game server's busy time over the floor's with the project's own code free.
 */
const dir = process.argv[2] ?? process.env.BENCH_PROF;
if (!dir) {
  console.error('usage: npm run bench:profile-origins -- <dir written by BENCH_PROF=<dir> npm run bench:server>');
  process.exit(2);
}

const files = readdirSync(dir).filter((f) => f.endsWith('.cpuprofile')).sort();
const sum = (a: Record<Origin, number>, b: Record<Origin, number>): Record<Origin, number> =>
  Object.fromEntries(ORIGINS.map((o) => [o, a[o] + b[o]])) as Record<Origin, number>;
const zero = Object.fromEntries(ORIGINS.map((o) => [o, 0])) as Record<Origin, number>;
const totals = { app: zero, floor: zero };

const cell = (s: string, w: number): string => s.padStart(w);
console.log(`${'profile'.padEnd(30)}${cell('busy', 8)}${ORIGINS.map((o) => cell(o, 8)).join('')}   (self time, ms)`);
for (const f of files) {
  const t = timeByOrigin(JSON.parse(readFileSync(join(dir, f), 'utf8')) as CpuProfile);
  console.log(`${f.padEnd(30)}${cell(busyMs(t).toFixed(0), 8)}${ORIGINS.map((o) => cell(t[o].toFixed(0), 8)).join('')}`);
  if (f.startsWith('app-')) totals.app = sum(totals.app, t);
  if (f.startsWith('floor-')) totals.floor = sum(totals.floor, t);
}
if (busyMs(totals.app) > 0 && busyMs(totals.floor) > 0) {
  const { ratio, withoutOurs } = floorBound(totals.app, totals.floor);
  const share = (100 * totals.app.ours) / busyMs(totals.app);
  console.log(
    `\ngame server busy / floor busy ${ratio.toFixed(2)}x; the project's own code is ${share.toFixed(0)}% of the game server's busy time;` +
      ` with it free the game server would still be at ${withoutOurs.toFixed(2)}x the floor (issue 37, goal 1: at most 1.25x)`,
  );
}
