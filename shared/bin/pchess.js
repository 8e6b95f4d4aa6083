#!/usr/bin/env node
// The CLI as bundled files (npm run build -w shared): a fresh process loads one script instead of
// the package's hundred-odd modules, and none of the protocol's schemas it does not use.
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';

const command = process.argv[2];
if (command === 'engine' || command === 'bot') {
  // The long-lived engine and bot: the whole CLI as an ES module (also the engine's worker thread), V8's defaults.
  await import('../dist/cli/pchess.bundle.js');
} else {
  // A one-shot command (mate, replay, series, perft) mostly lives a few hundred milliseconds, in which
  // V8's optimizing compiler, started on a function after a short while by default, spends more CPU
  // (on its own threads) than it saves. A larger interrupt budget leaves it to the functions that keep
  // running (bench:mate-cold --baseline, one run: CPU median over the 60 mates 275 -> 153 ms, worst 953 -> 783).
  // Set before the bundle is compiled, and so before its code cache is made or read (V8 checks the flags).
  setFlagsFromString('--interrupt-budget=1200000');
  // The one-shot commands alone (no worker, child process or socket modules to load), compiled
  // with the code cache of an earlier run (code-cache.ts), which a run without one writes as it exits.
  const { runCached } = await import('../dist/cli/code-cache.js');
  const bundle = fileURLToPath(new URL('../dist/cli/pchess-once.cjs', import.meta.url));
  const run = runCached(bundle, `${bundle}.cache`);
  if (run.status !== 'used') process.on('exit', () => run.save());
}
