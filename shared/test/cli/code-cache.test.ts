// The code cache of the one-shot CLI bundle (cli/code-cache.ts), each run in a fresh process as
// pchess runs it: within one process V8 would reuse its own compilation and never read the file.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildCli } from './helpers.js';

beforeAll(buildCli, 120_000);

const MODULE = fileURLToPath(new URL('../../dist/cli/code-cache.js', import.meta.url));

/** A CommonJS bundle in a fresh folder that exports `answer`, computed by a function (code the cache holds). */
function bundle(answer: number): { dir: string; file: string; cache: string } {
  const dir = mkdtempSync(join(tmpdir(), 'pchess-cache-'));
  const file = join(dir, 'bundle.cjs');
  writeFileSync(file, `const twice = (x) => x * 2;\nmodule.exports = { answer: twice(${answer / 2}), dirname: __dirname };\n`);
  return { dir, file, cache: `${file}.cache` };
}

/** runCached in a fresh Node process: the cache's status, the bundle's exports, and whether save() wrote the cache. */
function run(file: string, cache: string): { status: string; answer: number; dirname: string; saved: boolean } {
  const script = `const m = await import(${JSON.stringify(MODULE)}); const r = m.runCached(${JSON.stringify(file)}, ${JSON.stringify(cache)});
    console.log(JSON.stringify({ status: r.status, ...r.exports, saved: r.save() }));`;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 20_000 });
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as { status: string; answer: number; dirname: string; saved: boolean };
}

describe('code cache of the one-shot CLI bundle', { timeout: 30_000 }, () => {
  it('runs without a cache, writes one, and the next run uses it with the same result', () => {
    const b = bundle(42);
    expect(run(b.file, b.cache)).toEqual({ status: 'none', answer: 42, dirname: b.dir, saved: true });
    expect(readFileSync(b.cache).length).toBeGreaterThan(100);
    expect(run(b.file, b.cache)).toMatchObject({ status: 'used', answer: 42 });
  });

  it('a damaged or truncated cache is refused (no crash) and the bundle still runs from source', () => {
    const b = bundle(42);
    run(b.file, b.cache);
    const good = readFileSync(b.cache);
    const payload = good.indexOf(10) + 1;
    // the payload past V8's own header flipped: only its checksum can tell
    const damaged = Buffer.from(good);
    for (let i = payload + 64; i < damaged.length; i++) damaged[i] = damaged[i]! ^ 0xa5;
    writeFileSync(b.cache, damaged);
    expect(run(b.file, b.cache)).toMatchObject({ status: 'rejected', answer: 42, saved: true });
    // the run that refused it wrote a good one
    expect(run(b.file, b.cache)).toMatchObject({ status: 'used', answer: 42 });
    writeFileSync(b.cache, good.subarray(0, payload + 40));
    expect(run(b.file, b.cache)).toMatchObject({ status: 'rejected', answer: 42 });
    writeFileSync(b.cache, 'garbage');
    expect(run(b.file, b.cache)).toMatchObject({ status: 'stale', answer: 42 });
  });

  it('the cache of an earlier bundle of the same length is not used: the new bundle runs', () => {
    const b = bundle(42);
    run(b.file, b.cache);
    // same length, other code (V8 alone checks only the length); its modification time differs
    writeFileSync(b.file, readFileSync(b.file, 'utf8').replace('x * 2', 'x * 4'));
    expect(run(b.file, b.cache)).toMatchObject({ status: 'stale', answer: 84 });
  });

  it('a cache that cannot be written is skipped', () => {
    const b = bundle(42);
    expect(run(b.file, join(b.dir, 'missing', 'bundle.cjs.cache'))).toMatchObject({ status: 'none', answer: 42, saved: false });
  });
});
