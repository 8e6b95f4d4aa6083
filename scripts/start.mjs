#!/usr/bin/env node
// `npm start`: build what is missing or stale, then serve the game server and the built client on one port.
import { spawnSync, spawn } from 'node:child_process';
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

// Each workspace is rebuilt when its output is missing or older than its sources (or shared's).
const sharedSrc = newest(join(root, 'shared/src'));
const steps = [
  ['shared', mtime(join(root, 'shared/dist/index.js')), sharedSrc],
  ['client', mtime(join(root, 'client/dist/index.html')), Math.max(sharedSrc, newest(join(root, 'client/src')))],
  ['server', mtime(join(root, 'server/dist/index.js')), Math.max(sharedSrc, newest(join(root, 'server/src')))],
];
for (const [ws, built, source] of steps) {
  if (built >= source) continue;
  console.log(`building ${ws}...`);
  const r = spawnSync('npm', ['run', 'build', '-w', ws], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const env = { ...process.env, CLIENT_DIR: process.env.CLIENT_DIR ?? join(root, 'client/dist') };
const child = spawn(process.execPath, [join(root, 'server/dist/index.js')], { cwd: root, env, stdio: 'inherit' });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
