#!/usr/bin/env node
// The CLI as one bundled file (npm run build -w shared): a fresh process loads one module instead
// of the package's hundred-odd, and none of the protocol's schemas it does not use.
import { setFlagsFromString } from 'node:v8';

// A one-shot command (mate, replay, series, perft) mostly lives a few hundred milliseconds, in which
// V8's optimizing compiler, started on a function after a short while by default, spends more CPU
// (on its own threads) than it saves. A larger interrupt budget leaves it to the functions that keep
// running (bench:mate-cold --baseline, one run: CPU median over the 60 mates 275 -> 153 ms, worst 953 -> 783).
// The long-lived engine and bot keep V8's defaults. Set before the bundle is compiled.
const command = process.argv[2];
if (command !== 'engine' && command !== 'bot') setFlagsFromString('--interrupt-budget=1200000');

await import('../dist/cli/pchess.bundle.js');
