// The server entry (server/src/index.ts) as an operator meets it: configuration errors, the
// start-up log, and a graceful stop on SIGTERM and SIGINT.
import { createServer, type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { runServerProcess as run, startServerProcess, type ServerProcess } from '../chaos/support/server-process.js';
import { skipWithoutRedis, startRedis, type RedisHandle } from '../support/redis-server.js';

const PASSWORD = 'op-qa-s3cret';

type LogLine = { level: number; msg: string; config?: Record<string, unknown> };
const logLines = (out: string): LogLine[] =>
  out
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as LogLine);

let running: ServerProcess[] = [];
let redis: RedisHandle | null = null;
afterEach(async () => {
  await Promise.all(running.map((p) => p.stop()));
  running = [];
  await redis?.stop();
  redis = null;
});

/** SIGTERM or SIGINT; resolves with the exit code (once its output is read) and how long the stop took. */
async function stopWith(p: ServerProcess, signal: NodeJS.Signals): Promise<{ code: number | null; ms: number }> {
  const started = performance.now();
  const exited = new Promise<number | null>((r) => p.proc.once('close', (code) => r(code)));
  p.proc.kill(signal);
  const code = await exited;
  return { code, ms: performance.now() - started };
}

describe('the server entry', () => {
  it('refuses a bad configuration at once: one line per variable, nothing opened, exit 2', async () => {
    const r = await run({ PORT: 'abc', TRUST_PROXY: 'true', PUBLIC_URL: 'chess.example.org', LOG_LEVEL: 'verbose', REDIS_URL: `redis//:${PASSWORD}@x` });
    const lines = logLines(r.stdout);
    expect(r.code, r.stderr).toBe(2);
    const fatal = lines.filter((l) => l.level === 60).map((l) => l.msg);
    for (const name of ['PORT', 'TRUST_PROXY', 'PUBLIC_URL', 'LOG_LEVEL', 'REDIS_URL']) {
      expect(fatal.some((m) => m.startsWith(`configuration: ${name} must be`)), name).toBe(true);
    }
    // no database opened, no stack trace, no password repeated
    expect(lines.some((l) => l.msg === 'database ready')).toBe(false);
    expect(r.stdout + r.stderr).not.toMatch(/\n\s+at |s3cret/);
  });

  it('logs its effective configuration without the Redis password, and stops on SIGTERM with a line saying so', async ({ skip }) => {
    if (skipWithoutRedis()) skip();
    // a user with a password beside the default one (which the harness pings)
    redis = await startRedis({ appendOnly: false, args: ['--user', 'op', 'on', `>${PASSWORD}`, '~*', '&*', '+@all'] });
    const url = `redis://op:${PASSWORD}@127.0.0.1:${redis.port}`;
    const node = await startServerProcess({ REDIS_URL: url, MAX_SEEKS_PER_PLAYER: '4' });
    running.push(node);
    const config = node.logs.find((l) => l.msg === 'configuration')?.config;
    expect(config).toMatchObject({
      PORT: 0,
      REDIS_URL: `redis://op:***@127.0.0.1:${redis.port}`,
      MAX_SEEKS_PER_PLAYER: 4,
      MAX_GAMES_PER_PLAYER: 10,
      TRUST_PROXY: 0,
    });
    expect((await fetch(`${node.url}/healthz`)).status).toBe(200);
    // Node's own metrics beside the game's
    expect(await (await fetch(`${node.url}/metrics`)).text()).toMatch(/^process_resident_memory_bytes \d+/m);
    const { code, ms } = await stopWith(node, 'SIGTERM');
    expect(code).toBe(0);
    expect(ms).toBeLessThan(10_000);
    expect(node.logs.map((l) => l.msg)).toEqual(expect.arrayContaining(['shutting down', 'stopped']));
    expect(JSON.stringify(node.logs)).not.toContain(PASSWORD);
  });

  it('says in one line that its port is taken, and exits 1', async () => {
    const taken = createServer();
    await new Promise<void>((r) => taken.listen(0, '127.0.0.1', r));
    const { port } = taken.address() as AddressInfo;
    try {
      const r = await run({ PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info' });
      expect(r.code, r.stderr).toBe(1);
      expect(logLines(r.stdout)).toContainEqual(
        expect.objectContaining({ level: 60, msg: `cannot listen on 127.0.0.1, port ${port}: listen EADDRINUSE: address already in use 127.0.0.1:${port}` }),
      );
      expect(r.stdout).not.toContain('uncaught exception');
    } finally {
      taken.close();
    }
  });

  it('starts without a database that does not answer: one warning without its password, /healthz says so', async () => {
    const node = await startServerProcess({ DATABASE_URL: `postgres://app:${PASSWORD}@127.0.0.1:1/pchess` });
    running.push(node);
    expect(node.logs).toContainEqual(
      expect.objectContaining({
        level: 40,
        msg: expect.stringMatching(/^database unavailable at start-up/),
        database: 'postgres://app:***@127.0.0.1:1/pchess',
        reason: expect.stringMatching(/ECONNREFUSED/),
      }),
    );
    expect(await (await fetch(`${node.url}/healthz`)).json()).toEqual({ status: 'ok', database: 'unavailable' });
    expect(JSON.stringify(node.logs)).not.toMatch(/s3cret/);
  });

  it('stops on SIGINT (Ctrl-C) with a line saying so', async () => {
    const node = await startServerProcess();
    running.push(node);
    const { code } = await stopWith(node, 'SIGINT');
    expect(code).toBe(0);
    expect(node.logs).toContainEqual(expect.objectContaining({ msg: 'shutting down', signal: 'SIGINT' }));
    expect(node.logs).toContainEqual(expect.objectContaining({ msg: 'stopped', ms: expect.any(Number) }));
  });
});
