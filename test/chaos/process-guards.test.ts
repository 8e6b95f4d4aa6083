import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const FIXTURE = fileURLToPath(new URL('./support/guarded-process.ts', import.meta.url));
const run = (what: string) =>
  spawnSync(process.execPath, ['--import', 'tsx', FIXTURE, what], { encoding: 'utf8', timeout: 20_000 });
const logLines = (out: string): { level: number; msg: string }[] =>
  out
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as { level: number; msg: string });

describe('process-level error policy of the entry point', () => {
  it('an unhandled rejection is logged and the process keeps running', () => {
    const r = run('rejection');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('ALIVE');
    expect(logLines(r.stdout)).toContainEqual(expect.objectContaining({ level: 50, msg: expect.stringContaining('unhandled rejection') }));
  });

  it('an uncaught exception is logged as fatal, the shutdown runs, the process exits 1', () => {
    const r = run('exception');
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('SHUTDOWN');
    expect(logLines(r.stdout)).toContainEqual(expect.objectContaining({ level: 60, msg: expect.stringContaining('uncaught exception') }));
  });
});
