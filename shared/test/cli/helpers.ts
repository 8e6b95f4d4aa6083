// Running the built `pchess` binary from tests (built first when stale).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';

const SHARED = fileURLToPath(new URL('../../', import.meta.url));
const BIN = join(SHARED, 'bin', 'pchess.js');
// the build's last output (the one-shot bundle, after the whole CLI's)
const BUILT = join(SHARED, 'dist', 'cli', 'pchess-once.cjs');

/** Newest modification time of the files below a folder. */
function newest(dir: string): number {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

export function run(args: string[], input = ''): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [BIN, ...args], { input, encoding: 'utf8', timeout: 30_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

export function json(args: string[], input = ''): { status: number | null; out: Record<string, unknown> } {
  const r = run(args, input);
  expect(r.stdout.trim().split('\n'), r.stderr).toHaveLength(1);
  return { status: r.status, out: JSON.parse(r.stdout) as Record<string, unknown> };
}

/** Builds the rules package and the CLI when the built CLI is older than its sources. */
export function buildCli(): void {
  const stale = !existsSync(BUILT) || statSync(BUILT).mtimeMs < Math.max(newest(join(SHARED, 'src')), newest(join(SHARED, 'cli')));
  if (!stale) return;
  try {
    execFileSync('npm', ['run', 'build', '-w', 'shared'], { cwd: join(SHARED, '..'), stdio: 'pipe', encoding: 'utf8' });
  } catch (e) {
    const out = e as { stdout?: string; stderr?: string };
    throw new Error(`npm run build -w shared failed:\n${out.stdout ?? ''}${out.stderr ?? ''}`, { cause: e });
  }
}

