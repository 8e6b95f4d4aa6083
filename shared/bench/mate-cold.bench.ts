// Cold mate benchmark: `pchess mate` from a fresh process on each of the 60 progressive mates
// (Italian), as a user runs it once. Run with `npm run bench:mate-cold [-- --baseline DIR --repeat N]`
// from the repository root after `npm run build -w shared` (DIR: the root of another checkout, built,
// whose pchess runs each problem right after ours, so that other load hits both alike). Figures are the
// child's CPU time (start-up included, what a loaded machine disturbs least) and its wall-clock time.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { mateProblems, type MateProblem } from '../test/mate/mates60.js';
import { option, quantile } from './mate-figures.js';

const hook = new URL('./cpu-at-exit.mjs', import.meta.url).href;
const ourBin = fileURLToPath(new URL('../bin/pchess.js', import.meta.url));
const i = process.argv.indexOf('--baseline');
const baseDir = i >= 0 ? process.argv[i + 1] : undefined;
const repeat = Math.max(1, option('repeat', 1));

interface Cold { cpu: number; wall: number }

function run(bin: string, p: MateProblem): Cold {
  const args = ['--import', hook, bin, 'mate', '--variant', 'italian', '--fen', p.fen, '--turn', String(p.turn), '-'];
  const t0 = performance.now();
  const r = spawnSync(process.execPath, args, { input: '', encoding: 'utf8' });
  const wall = performance.now() - t0;
  const cpu = /cpu-ms ([\d.]+)/.exec(r.stderr);
  if (r.status !== 0 || !cpu || !r.stdout.includes('"found":true')) throw new Error(`#${p.id}: ${bin} failed: ${r.stderr}${r.stdout}`);
  return { cpu: Number(cpu[1]), wall };
}

function line(name: string, runs: readonly Cold[]): string {
  const f = (xs: number[]): string => {
    const s = [...xs].sort((a, b) => a - b);
    return `median ${quantile(s, 0.5).toFixed(0)} ms  p90 ${quantile(s, 0.9).toFixed(0)} ms  worst ${quantile(s, 1).toFixed(0)} ms`;
  };
  return `${name.padEnd(24)} cpu: ${f(runs.map((r) => r.cpu))}   wall: ${f(runs.map((r) => r.wall))}`;
}

const bins: Array<[string, string]> = [['pchess mate', ourBin]];
if (baseDir !== undefined) bins.push([`baseline (${baseDir})`, `${baseDir}/shared/bin/pchess.js`]);
const problems = mateProblems();
for (let k = 0; k < repeat; k++) {
  const runs: Cold[][] = bins.map(() => []);
  for (const p of problems) bins.forEach(([, bin], j) => runs[j]!.push(run(bin, p)));
  console.log(`run ${k + 1}/${repeat}, ${problems.length} problems, one fresh process each:`);
  bins.forEach(([name], j) => console.log(line(name, runs[j]!)));
  if (baseDir !== undefined) {
    const med = (rs: Cold[]): number => quantile(rs.map((r) => r.cpu).sort((a, b) => a - b), 0.5);
    console.log(`baseline / ours (cpu median) ${(med(runs[1]!) / med(runs[0]!)).toFixed(2)}x`);
  }
}
