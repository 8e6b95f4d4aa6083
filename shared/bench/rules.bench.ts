// Rules benchmark: perft nodes/s of our move generator vs chessops and chess.js, then our
// deep perft.json counts checked. Run with `npm run bench:rules` (from the repository root).
import { Chess as JsChess } from 'chess.js';
import { Chess as OpsChess } from 'chessops/chess';
import { perft as opsPerft } from 'chessops/debug';
import { parseFen as opsParseFen } from 'chessops/fen';
import { Position } from '../src/chess/index.js';
import { perftData } from '../test/data/load.js';

const entries = perftData();

/** Deep counts above this are left out (position4 depth 6, 706M nodes, takes ~10 s). */
const MAX_DEEP_NODES = 800_000_000;

type Engine = 'ours' | 'chessops' | 'chess.js';

function runPerft(engine: Engine, fen: string, depth: number): number {
  if (engine === 'ours') {
    const pos = Position.fromFen(fen);
    if (!pos.ok) throw new Error(pos.error.message);
    return pos.value.perft(depth);
  }
  if (engine === 'chessops') return opsPerft(OpsChess.fromSetup(opsParseFen(fen).unwrap()).unwrap(), depth, false);
  return new JsChess(fen).perft(depth);
}

function timed(engine: Engine, fen: string, depth: number): { nodes: number; ms: number } {
  const start = performance.now();
  const nodes = runPerft(engine, fen, depth);
  return { nodes, ms: performance.now() - start };
}

const fmtRate = (nodes: number, ms: number): string => `${(nodes / ms / 1000).toFixed(2)} M/s`.padStart(11);
const pad = (s: string | number, n: number): string => String(s).padStart(n);
let failures = 0;

/** Runs per engine in the comparison (interleaved; the best run counts, to damp noise from other load). */
const RUNS: Record<Engine, number> = { ours: 3, chessops: 3, 'chess.js': 1 };
const ENGINES = ['ours', 'chessops', 'chess.js'] as const;

function compare(name: string, depth: number): void {
  const entry = entries.find((e) => e.name === name);
  if (!entry?.counts) throw new Error(`no perft entry ${name}`);
  const expected = entry.counts[depth - 1]!;
  const best: Record<Engine, number> = { ours: Infinity, chessops: Infinity, 'chess.js': Infinity };
  for (const engine of ENGINES) runPerft(engine, entry.fen, depth - 1); // warm-up
  for (let run = 0; run < 3; run++) {
    for (const engine of ENGINES) {
      if (run >= RUNS[engine]) continue;
      const { nodes, ms } = timed(engine, entry.fen, depth);
      if (nodes !== expected) {
        failures++;
        console.log(`  ${engine}: ${nodes} nodes, expected ${expected}`);
      }
      best[engine] = Math.min(best[engine], ms);
    }
  }
  const cells = ENGINES.map((e) => `${fmtRate(expected, best[e])} ${pad(best[e].toFixed(0), 6)} ms`);
  const ratio = (other: Engine): string => `${(best[other] / best.ours).toFixed(1)}x`.padStart(9);
  console.log(`${`${name} d${depth}`.padEnd(14)} ${pad(expected, 10)}  ${cells.join('  ')}  ${ratio('chessops')} ${ratio('chess.js')}`);
}

console.log('Perft comparison (nodes/s; best of 3 runs, chess.js 1 run, after a warm-up)');
console.log(
  `${'position'.padEnd(14)} ${pad('nodes', 10)}  ${pad('ours', 21)}  ${pad('chessops', 21)}  ${pad('chess.js', 21)}  ${pad('/chessops', 9)} ${pad('/chess.js', 9)}`,
);
compare('initial', 5);
compare('kiwipete', 4);

console.log('\nOur perft on the deep counts of perft.json');
console.log(`${'position'.padEnd(20)} ${pad('depth', 5)} ${pad('nodes', 11)} ${pad('rate', 11)} ${pad('ms', 7)}  check`);
let totalNodes = 0;
let totalMs = 0;
for (const entry of entries) {
  const cases: Array<[number, number]> = entry.counts
    ? entry.counts.map((c, i): [number, number] => [i + 1, c])
    : [[entry.depth!, entry.count!]];
  const deepest = cases.filter(([, c]) => c <= MAX_DEEP_NODES).at(-1);
  if (!deepest) continue;
  const [depth, expected] = deepest;
  const { nodes, ms } = timed('ours', entry.fen, depth);
  totalNodes += nodes;
  totalMs += ms;
  const ok = nodes === expected;
  if (!ok) failures++;
  console.log(
    `${entry.name.padEnd(20)} ${pad(depth, 5)} ${pad(nodes, 11)} ${fmtRate(nodes, ms)} ${pad(ms.toFixed(0), 7)}  ${ok ? 'ok' : `FAIL (expected ${expected})`}`,
  );
}
console.log(`${'total'.padEnd(20)} ${pad('', 5)} ${pad(totalNodes, 11)} ${fmtRate(totalNodes, totalMs)} ${pad(totalMs.toFixed(0), 7)}`);

if (failures > 0) {
  console.log(`\n${failures} perft count(s) wrong`);
  process.exitCode = 1;
}
