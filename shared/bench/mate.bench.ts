// Mate benchmark: every position of the 60 progressive mates (Italian) solved by findMate and, in
// the same run, by the plain depth-first search through the rules (no ordering, no transpositions)
// and, with `--baseline DIR`, by the findMate of another checkout (DIR: its repository root, e.g. a
// git worktree of an older commit), each problem by both in turn so that other load hits both alike.
// Run with `npm run bench:mate [-- --budget-ms N --plain-ms N --only 43,55 --baseline DIR --repeat N]`
// from the repository root (`--plain-ms 0` leaves the plain search out; `--repeat N` runs the whole set N
// times and prints each run's figures, to show their spread). One thread; times (and budgets) are the
// process's CPU time, so other load on a shared machine counts less; the wall-clock total is printed too.
import { findMate, isWinningSeries, newGame, plainMateSearch, type MateResult, type GameState } from '../src/index.js';
import { mateProblems, type MateProblem } from '../test/mate/mates60.js';
import { figures, option, ratioLine, summaryLine, type Run } from './mate-figures.js';

/** `--only 43,55`: just these problem ids (all when absent). */
function only(): Set<string> | null {
  const i = process.argv.indexOf('--only');
  return i >= 0 ? new Set((process.argv[i + 1] ?? '').split(',').filter((x) => x !== '')) : null;
}

function text(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const budgetMs = option('budget-ms', 5000);
const plainMs = option('plain-ms', 1000);
const repeat = Math.max(1, option('repeat', 1));
/** CPU milliseconds of this process (user), the clock of the budgets and of the figures. */
const now = (): number => process.cpuUsage().user / 1000;

type Search = (s: GameState) => MateResult;
type Start = (p: MateProblem) => GameState;

function timed(state: GameState, search: Search): Run {
  const t0 = now();
  const r = search(state);
  const ms = now() - t0;
  if (r.found && !isWinningSeries(state, r.moves)) throw new Error('a returned series does not mate');
  return { solved: r.found, ms, nodes: r.nodes };
}

const startWith = (make: typeof newGame): Start => (p) => {
  const g = make('italian', { fen: p.fen, turn: p.turn });
  if (!g.ok) throw new Error(`#${p.id}: ${g.error.message}`);
  return g.value;
};

interface Contender { name: string; search: Search; start: Start; limit: number }

/** The baseline checkout's findMate, on states of its own rules. */
async function baseline(dir: string): Promise<Contender> {
  const old = (await import(`${dir}/shared/src/index.ts`)) as { findMate: typeof findMate; newGame: typeof newGame };
  return { name: `baseline (${dir})`, search: (x) => old.findMate(x, { budgetMs, now }), start: startWith(old.newGame), limit: budgetMs };
}

const ids = only();
const all = mateProblems();
const problems = all.filter((p) => !ids || ids.has(p.id));
const contenders: Contender[] = [{ name: 'findMate', search: (x) => findMate(x, { budgetMs, now }), start: startWith(newGame), limit: budgetMs }];
const baseDir = text('baseline');
if (baseDir !== undefined) contenders.push(await baseline(baseDir));
// Warm-up (not timed): the JIT compiles each findMate on a few short problems.
for (const c of contenders) for (const p of all.slice(0, 3)) c.search(c.start(p));
if (plainMs > 0) {
  contenders.push({ name: 'plain depth-first search', search: (x) => plainMateSearch(x, { budgetMs: plainMs, now }), start: startWith(newGame), limit: plainMs });
}

const cell = (r: Run): string => `${r.solved ? 'mate' : 'none'} ${r.ms.toFixed(1).padStart(8)} ms ${String(r.nodes).padStart(8)} nodes`;
const results: Run[][][] = contenders.map(() => []);
for (let k = 0; k < repeat; k++) {
  const wall0 = performance.now();
  const runs: Run[][] = contenders.map(() => []);
  if (k === 0) console.log(`id turn  ${contenders.map((c) => `${c.name} (budget ${c.limit} ms)`.padEnd(38)).join(' ')}`);
  for (const p of problems) {
    const row = contenders.map((c, i) => {
      const r = timed(c.start(p), c.search);
      runs[i]!.push(r);
      return r;
    });
    if (k === 0) console.log(`${p.id.padStart(2)} ${String(p.turn).padStart(4)}  ${row.map(cell).join('   ')}`);
  }
  console.log('');
  console.log(`run ${k + 1}/${repeat}: wall-clock ${((performance.now() - wall0) / 1000).toFixed(1)} s; figures below are CPU time`);
  contenders.forEach((c, i) => {
    results[i]!.push(runs[i]!);
    console.log(summaryLine(c.name, figures(runs[i]!), c.limit));
  });
  if (baseDir !== undefined) console.log(ratioLine('baseline / findMate', figures(runs[1]!), figures(runs[0]!)));
}
