// Mate benchmark: every position of the 60 progressive mates (Italian) solved by findMate and, in
// the same run, by the plain depth-first search through the rules (no ordering, no transpositions).
// Run with `npm run bench:mate [-- --budget-ms N --plain-ms N --only 43,55]` from the repository root
// (`--plain-ms 0` leaves the plain search out). One thread;
// times (and budgets) are the process's CPU time, so other load on a shared machine does not count;
// the wall-clock total is printed too.
import { findMate, isWinningSeries, newGame, plainMateSearch, type MateResult, type GameState } from '../src/index.js';
import { mateProblems, type MateProblem } from '../test/mate/mates60.js';

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const v = i >= 0 ? Number(process.argv[i + 1]) : NaN;
  return Number.isFinite(v) && v >= 0 ? v : fallback;
}

/** `--only 43,55`: just these problem ids (all when absent). */
function only(): Set<string> | null {
  const i = process.argv.indexOf('--only');
  return i >= 0 ? new Set((process.argv[i + 1] ?? '').split(',').filter((x) => x !== '')) : null;
}

const budgetMs = option('budget-ms', 5000);
const plainMs = option('plain-ms', 1000);
/** CPU milliseconds of this process (user), the clock of the budgets and of the figures. */
const now = (): number => process.cpuUsage().user / 1000;

interface Run { solved: boolean; ms: number; nodes: number }

function timed(state: GameState, search: (s: GameState) => MateResult): Run {
  const t0 = now();
  const r = search(state);
  const ms = now() - t0;
  if (r.found && !isWinningSeries(state, r.moves)) throw new Error('a returned series does not mate');
  return { solved: r.found, ms, nodes: r.nodes };
}

function summary(name: string, runs: Run[], limit: number): string {
  const times = runs.map((r) => (r.solved ? r.ms : Infinity)).sort((a, b) => a - b);
  const at = (q: number): string => {
    const t = times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)]!;
    return Number.isFinite(t) ? `${t.toFixed(1)} ms` : `> ${limit} ms`;
  };
  const solved = runs.filter((r) => r.solved).length;
  const nodes = runs.reduce((n, r) => n + r.nodes, 0);
  return `${name.padEnd(28)} solved ${solved}/${runs.length}  median ${at(0.5)}  p90 ${at(0.9)}  worst ${at(1)}  nodes ${nodes}`;
}

const ids = only();
const all = mateProblems();
const problems = all.filter((p) => !ids || ids.has(p.id));
const start = (p: MateProblem): GameState => {
  const g = newGame('italian', { fen: p.fen, turn: p.turn });
  if (!g.ok) throw new Error(`#${p.id}: ${g.error.message}`);
  return g.value;
};
const states = problems.map(start);
// Warm-up (not timed): the JIT compiles the search on a few short problems.
for (const p of all.slice(0, 3)) findMate(start(p));

const wall0 = performance.now();
const ours: Run[] = [];
const plain: Run[] = [];
console.log(`id turn  findMate (budget ${budgetMs} ms)     plain DFS (budget ${plainMs} ms)`);
for (const [i, s] of states.entries()) {
  const a = timed(s, (x) => findMate(x, { budgetMs, now }));
  const b = plainMs > 0 ? timed(s, (x) => plainMateSearch(x, { budgetMs: plainMs, now })) : { solved: false, ms: 0, nodes: 0 };
  ours.push(a);
  plain.push(b);
  const cell = (r: Run): string => `${r.solved ? 'mate' : 'none'} ${r.ms.toFixed(1).padStart(8)} ms ${String(r.nodes).padStart(8)} nodes`;
  console.log(`${problems[i]!.id.padStart(2)} ${String(problems[i]!.turn).padStart(4)}  ${cell(a)}   ${cell(b)}`);
}
console.log('');
console.log(`wall-clock total ${((performance.now() - wall0) / 1000).toFixed(1)} s; figures below are CPU time`);
console.log(summary('findMate', ours, budgetMs));
if (plainMs > 0) console.log(summary('plain depth-first search', plain, plainMs));
