// The built server (what `npm start` runs) starts its compute workers from server/dist, in plain Node.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const built = existsSync(`${root}server/dist/compute/worker.js`);
// `npm test` builds first; with CI=true a missing build fails instead of skipping.
const maybe = built || process.env.CI === 'true' ? it : it.skip;

const script = `
import { createWorkerPool } from './server/dist/compute/worker-pool.js';
import { encodeState, INITIAL_FEN, newGame } from '@progressive-chess/shared';
const game = newGame('italian', { fen: INITIAL_FEN, turn: 3 });
if (!game.ok) throw new Error('no game');
const pool = createWorkerPool({ size: 1 });
const out = await pool.run('bot-series', { state: encodeState(game.value), level: 2, budgetMs: 100, seed: 1 });
console.log(JSON.stringify({ moves: out.moves, stats: pool.stats() }));
await pool.close();
`;

describe('compute workers from the build', () => {
  maybe('server/dist runs a bot series in a worker thread with plain node', () => {
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8', timeout: 30_000 });
    const res = JSON.parse(out) as { moves: string[]; stats: { completed: number; workers: number } };
    expect(res.moves).toHaveLength(3);
    for (const m of res.moves) expect(m).toMatch(/^[a-h][1-8][a-h][1-8][qrbnk]?$/);
    expect(res.stats).toMatchObject({ completed: 1, workers: 1 });
  });
});
