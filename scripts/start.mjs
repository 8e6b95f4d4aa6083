#!/usr/bin/env node
// `npm start`: build what is missing or stale, then serve the game server and the built client on one port.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildStale } from './build-stale.mjs';
import { serverNodeFlags } from './node-flags.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

// Each workspace is rebuilt when its output is missing or older than its sources (or shared's).
try {
  buildStale(['shared', 'client', 'server']);
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
}

const env = { ...process.env, CLIENT_DIR: process.env.CLIENT_DIR ?? join(root, 'client/dist') };
const child = spawn(process.execPath, [...serverNodeFlags(), join(root, 'server/dist/index.js')], { cwd: root, env, stdio: 'inherit' });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
