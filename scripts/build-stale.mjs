#!/usr/bin/env node
// Builds each named workspace (shared, client, server) whose output is missing or older than its
// sources or shared's: `node scripts/build-stale.mjs shared server`. Used by `npm start` and the benchmarks.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

function newest(dir) {
  let t = 0;
  if (!existsSync(dir)) return t;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const p = join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

const mtime = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0);

/** Builds the stale ones among `workspaces`, in the order shared, client, server; throws when a build fails. */
export function buildStale(workspaces) {
  const sharedSrc = newest(join(root, 'shared/src'));
  const steps = [
    ['shared', mtime(join(root, 'shared/dist/index.js')), sharedSrc],
    ['client', mtime(join(root, 'client/dist/index.html')), Math.max(sharedSrc, newest(join(root, 'client/src')))],
    ['server', mtime(join(root, 'server/dist/index.js')), Math.max(sharedSrc, newest(join(root, 'server/src')))],
  ];
  for (const [ws, built, source] of steps) {
    if (!workspaces.includes(ws) || built >= source) continue;
    console.log(`building ${ws}...`);
    const r = spawnSync('npm', ['run', 'build', '-w', ws], { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) throw new Error(`building ${ws} failed`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    buildStale(process.argv.slice(2));
  } catch (e) {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  }
}
