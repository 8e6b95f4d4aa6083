import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { DurableStore } from '../../src/store/durable-store.js';

const WRITER = fileURLToPath(new URL('./fixtures/journal-writer.ts', import.meta.url));
const root = mkdtempSync(join(tmpdir(), 'durable-crash-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Runs the writer until it has acknowledged `atLeast` versions, kills it (SIGKILL), returns the last version it acknowledged. */
async function writeThenKill(dir: string, atLeast: number): Promise<number> {
  const proc = spawn(process.execPath, ['--import', 'tsx', WRITER, dir], { stdio: ['ignore', 'pipe', 'pipe'] });
  let acked = 0;
  let stderr = '';
  let pending = '';
  proc.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<NodeJS.Signals | null>((resolve) => proc.once('exit', (_code, signal) => resolve(signal)));
  await new Promise<void>((resolve, reject) => {
    proc.once('exit', () => reject(new Error(`the writer stopped: ${stderr}`)));
    proc.stdout.on('data', (d: Buffer) => {
      const lines = (pending + d.toString()).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) acked = Number(line.split(' ')[1]);
      if (acked >= atLeast && proc.signalCode === null) {
        proc.kill('SIGKILL');
        resolve();
      }
    });
  });
  expect(await exited).toBe('SIGKILL');
  return acked;
}

it('a process killed (SIGKILL) while it commits as fast as it can loses no acknowledged commit, twice over', async () => {
  const dir = join(root, 'store');
  let acked = await writeThenKill(dir, 300);
  const first = DurableStore.open(dir);
  const g = await first.loadGame('g');
  // everything it acknowledged, maybe a few more it wrote but had no time to say
  expect(g?.version).toBeGreaterThanOrEqual(acked);
  expect(g?.moves).toHaveLength((g?.version ?? 0) - 1);
  expect(g?.moves.at(-1)).toBe(`m${g?.version}`);
  expect((await first.claimDueGames(Number.MAX_SAFE_INTEGER, 10, 1)).ids).toEqual(['g']);
  await first.close();
  // and once more, going on from what the first restart left
  acked = await writeThenKill(dir, (g?.version ?? 0) + 200);
  const second = DurableStore.open(dir);
  const h = await second.loadGame('g');
  expect(h?.version).toBeGreaterThanOrEqual(acked);
  expect(h?.moves).toEqual(Array.from({ length: (h?.version ?? 0) - 1 }, (_, i) => `m${i + 2}`));
  expect(await second.getPlayer(`p${acked - 1}`)).toBe('{}');
  await second.close();
}, 120_000);
