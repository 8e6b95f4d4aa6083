import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createEngine, parseBest, replayMoves, seededRandom } from '../../src/index.js';
import { buildCli } from '../cli/helpers.js';

const POSITION = 'position startpos moves e2e3 d7d6 g7g6';

/** One level-3 search of White's third turn for a long movetime, on a clock that moves 1 ms per reading. */
function search(stopAfterLooks: number): { reads: number; series: string[] | null } {
  let reads = 0;
  let looks = 0;
  const engine = createEngine({ level: 3, now: () => reads++, random: seededRandom(5), stopped: () => ++looks > stopAfterLooks });
  engine.handle(POSITION);
  const { out } = engine.handle('go movetime 200000');
  return { reads, series: parseBest(out.at(-1) ?? '') };
}

const legalTurn = (series: readonly string[] | null): boolean => {
  const after = replayMoves('italian', null, 1, ['e2e3', 'd7d6', 'g7g6', ...(series ?? [])]);
  return series !== null && after.ok && (after.state.outcome !== null || after.state.turn === 4);
};

describe('engine `stop`', () => {
  it('a stopped search reads its clock as spent and answers at once a legal series that completes the turn', () => {
    const full = search(Infinity);
    const stoppedAtOnce = search(0);
    const stoppedLater = search(5);
    for (const r of [full, stoppedAtOnce, stoppedLater]) expect(legalTurn(r.series), JSON.stringify(r)).toBe(true);
    // the engine's own clock is read a few times only once stopped (its time counted as spent)
    expect(stoppedAtOnce.reads).toBeLessThan(full.reads);
    expect(stoppedAtOnce.reads).toBeLessThanOrEqual(4);
    expect(stoppedLater.reads).toBeLessThan(full.reads);
  });

  it('`pchess engine` reads `stop` while it searches, and answers the search told to stop', async () => {
    buildCli();
    const bin = fileURLToPath(new URL('../../bin/pchess.js', import.meta.url));
    const child = spawn(process.execPath, [bin, 'engine', '--level', '3'], { stdio: ['pipe', 'pipe', 'inherit'] });
    const lines = createInterface({ input: child.stdout });
    const answers: string[] = [];
    const answered = new Promise<string>((resolve) =>
      lines.on('line', (l) => {
        answers.push(l);
        if (l.startsWith('best')) resolve(l);
      }),
    );
    // ten minutes to think: only the stop can end it within the test's time
    child.stdin.write(`isready\n${POSITION}\ngo movetime 600000\n`);
    child.stdin.write('stop\n');
    const best = await answered;
    expect(legalTurn(parseBest(best))).toBe(true);
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    child.stdin.end('quit\n');
    expect(await exited).toBe(0);
    expect(answers[0]).toBe('readyok');
  });
});
