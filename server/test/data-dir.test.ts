import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { lockDataDir, thisMachine, type ProcessProbe } from '../src/data-dir.js';

const root = mkdtempSync(join(tmpdir(), 'data-dir-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const probe = (pid: number, alive: readonly number[]): ProcessProbe => ({ pid, isServer: (p) => alive.includes(p) });

it('creates the folder with its parents, and refuses a second server on it while the first runs', () => {
  const dir = join(root, 'some', 'new', 'folder');
  const first = lockDataDir(dir, probe(100, []));
  expect(readFileSync(join(dir, 'server.lock'), 'utf8')).toBe('100\n');
  expect(() => lockDataDir(dir, probe(200, [100]))).toThrow(
    `the data folder ${dir} is in use by another server (pid 100); one folder serves one process`,
  );
  first.release();
  expect(existsSync(join(dir, 'server.lock'))).toBe(false);
  lockDataDir(dir, probe(200, [100])).release();
});

it('takes over the lock of a process that is gone, or of its own pid (a container restarted)', () => {
  const dir = join(root, 'stale');
  lockDataDir(dir, probe(100, []));
  const next = lockDataDir(dir, probe(200, [])); // pid 100 died without releasing (kill -9)
  expect(readFileSync(join(dir, 'server.lock'), 'utf8')).toBe('200\n');
  // a holder whose lock was taken over does not remove the new holder's on release
  const third = lockDataDir(dir, probe(300, []));
  next.release();
  expect(readFileSync(join(dir, 'server.lock'), 'utf8')).toBe('300\n');
  third.release();
  writeFileSync(join(dir, 'server.lock'), '400\n');
  expect(() => lockDataDir(dir, probe(400, [400]))).not.toThrow();
});

it('knows this process as a live server and a pid that does not exist as gone', () => {
  expect(thisMachine.isServer(process.pid)).toBe(true);
  expect(thisMachine.isServer(2 ** 22 + 7)).toBe(false);
});
