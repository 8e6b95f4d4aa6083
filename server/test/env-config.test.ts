import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { configFromEnv, effectiveConfig, redactUrl, type EnvConfig } from '../src/env-config.js';
import type { Env } from '../src/env.js';

const noFiles = (): boolean => false;

function configOf(env: Env, fileExists: (path: string) => boolean = noFiles): EnvConfig {
  const r = configFromEnv(env, fileExists);
  if (!r.ok) throw new Error(r.errors.join('\n'));
  return r.config;
}

function errorsOf(env: Env): readonly string[] {
  const r = configFromEnv(env, noFiles);
  return r.ok ? [] : r.errors;
}

describe('the configuration from the environment', () => {
  it('has working defaults for a bare environment (empty values count as unset)', () => {
    const c = configOf({ PORT: '', LOG_LEVEL: '', TRUST_PROXY: '', COMPUTE_SCHED_IDLE: '' });
    expect(c).toMatchObject({ port: 3000, logLevel: 'info', redis: null, trustProxy: false, allowedOrigins: [], limits: {}, bot: {} });
    expect(c.publicUrl).toBeUndefined();
    expect(configOf({ PORT: '0' }).port).toBe(0);
    expect(configOf({ PORT: '65535' }).port).toBe(65535);
  });

  it('reads what an operator sets', () => {
    const c = configOf(
      {
        PORT: '8080',
        REDIS_URL: 'redis://redis:6379',
        DATABASE_URL: 'postgresql://u:p@db/pchess',
        PUBLIC_URL: 'https://chess.example.org/',
        ALLOWED_ORIGINS: 'http://localhost:5173/, https://a.example.org',
        CLIENT_DIR: '/srv/client',
        TRUST_PROXY: '1',
        DATA_DIR: '/data/',
        MAX_SEEKS_PER_PLAYER: '5',
        BOT_MAX_GAMES: '7',
        COMPUTE_WORKERS: '2',
        DENY_ADDRESS_SECONDS: '0',
        OPERATORS: ' alice, Bob ',
      },
      (p) => p === '/srv/client/index.html',
    );
    expect(c).toMatchObject({
      port: 8080,
      redis: { url: 'redis://redis:6379' },
      publicUrl: 'https://chess.example.org',
      // an origin never has a path: "http://localhost:5173/" used to match no browser's Origin header
      allowedOrigins: ['http://localhost:5173', 'https://a.example.org'],
      clientDir: '/srv/client',
      trustProxy: true,
      pgliteDir: '/data/pglite',
      limits: { maxSeeksPerPlayer: 5 },
      bot: { maxGames: 7 },
      compute: { size: 2 },
      denyAddressSec: 0,
      operators: ['alice', 'Bob'],
    });
    expect(configOf({ REDIS_CLUSTER_NODES: ' a:7000, b:7001 ', REDIS_URL: 'redis://x:1' }).redis).toEqual({ clusterNodes: ['a:7000', 'b:7001'] });
  });

  it('refuses every malformed value, all at once, each in a sentence naming its variable', () => {
    const bad: Env = {
      PORT: 'abc',
      LOG_LEVEL: 'verbose',
      REDIS_URL: 'garbage',
      DATABASE_URL: 'localhost:5432',
      PUBLIC_URL: 'chess.example.org',
      ALLOWED_ORIGINS: 'localhost:5173',
      CLIENT_DIR: '/nowhere',
      TRUST_PROXY: 'true',
      DENY_ADDRESS_SECONDS: '-1',
      MAX_SEEKS_PER_PLAYER: '-1',
      BOT_MAX_PER_PLAYER: 'two',
      COMPUTE_WORKERS: '0',
      OPERATORS: 'alice,not a name!',
    };
    const errors = errorsOf(bad);
    expect(errors).toHaveLength(Object.keys(bad).length);
    for (const name of Object.keys(bad)) expect(errors.some((e) => e.startsWith(`${name} must be`)), name).toBe(true);
    expect(errors).toContain('PORT must be an integer from 0 to 65535 (0: any free port), got "abc"');
    expect(errors).toContain('TRUST_PROXY must be 1 (behind a reverse proxy) or 0, got "true"');
  });

  it('refuses a port out of range, a Redis URL of another scheme and malformed cluster nodes', () => {
    for (const port of ['-5', '70000', '1.5', '0x10', ' 80']) expect(errorsOf({ PORT: port }), port).toHaveLength(1);
    expect(errorsOf({ REDIS_URL: 'http://localhost:6379' })).toEqual([
      'REDIS_URL must be a redis:// or rediss:// URL (e.g. redis://localhost:6379), got "http://localhost:6379"',
    ]);
    expect(errorsOf({ REDIS_URL: 'rediss://cache.example.org:6380' })).toEqual([]);
    expect(configOf({ REDIS_URL: '/run/redis/redis.sock' }).redis).toEqual({ url: '/run/redis/redis.sock' });
    expect(errorsOf({ REDIS_CLUSTER_NODES: 'a,b' })[0]).toMatch(/^REDIS_CLUSTER_NODES must list host:port seed nodes/);
    expect(errorsOf({ REDIS_CLUSTER_NODES: ',' })[0]).toMatch(/^REDIS_CLUSTER_NODES must list/);
  });

  it('never repeats a password, neither in an error nor in the effective configuration', () => {
    const errors = errorsOf({ REDIS_URL: 'redis//:s3cret@cache:6379', DATABASE_URL: 'mysql://app:hunter2@db/x' });
    expect(errors).toHaveLength(2);
    expect(errors.join(' ')).not.toMatch(/s3cret|hunter2/);
    const shown = JSON.stringify(
      effectiveConfig(configOf({ REDIS_URL: 'redis://:s3cret@cache:6379/0', DATABASE_URL: 'postgres://app:hunter2@db:5432/pchess' })),
    );
    expect(shown).not.toMatch(/s3cret|hunter2/);
    expect(shown).toContain('redis://:***@cache:6379/0');
    expect(shown).toContain('postgres://app:***@db:5432/pchess');
    expect(redactUrl('redis://cache:6379')).toBe('redis://cache:6379');
  });

  it('keeps the data in ./data by default; EPHEMERAL=1 keeps nothing; the folder is used only for what is not elsewhere', () => {
    const here = resolve('data');
    expect(configOf({})).toMatchObject({ dataDir: here, storeDir: join(here, 'store'), pgliteDir: join(here, 'pglite'), usesDataDir: true, ephemeral: false });
    expect(effectiveConfig(configOf({}))).toMatchObject({ DATA_DIR: here, PGLITE_DIR: join(here, 'pglite'), EPHEMERAL: 0 });
    expect(configOf({ EPHEMERAL: '1' })).toMatchObject({ dataDir: undefined, storeDir: undefined, pgliteDir: undefined, usesDataDir: false, ephemeral: true });
    expect(configOf({ DATA_DIR: 'rel/dir' }).storeDir).toBe(join(resolve('rel/dir'), 'store'));
    // Redis keeps the games, PostgreSQL the accounts: nothing goes in the folder (and several nodes may share a machine)
    const both = configOf({ REDIS_URL: 'redis://r:6379', DATABASE_URL: 'postgres://u:p@db/x' });
    expect(both).toMatchObject({ storeDir: undefined, usesDataDir: false });
    expect(configOf({ REDIS_URL: 'redis://r:6379' })).toMatchObject({ storeDir: undefined, usesDataDir: true });
    expect(configOf({ DATABASE_URL: 'postgres://u:p@db/x' })).toMatchObject({ storeDir: join(here, 'store'), usesDataDir: true });
    expect(configOf({ REDIS_URL: 'redis://r:6379', PGLITE_DIR: '/var/pglite' })).toMatchObject({ pgliteDir: '/var/pglite', usesDataDir: false });
    expect(errorsOf({ EPHEMERAL: 'yes' })).toEqual(['EPHEMERAL must be 1 (keep nothing: a throw-away server) or 0, got "yes"']);
    expect(errorsOf({ EPHEMERAL: '1', DATA_DIR: '/srv/data' })).toEqual([
      'EPHEMERAL must be 0 when DATA_DIR or PGLITE_DIR is set (EPHEMERAL=1 keeps nothing on disk)',
    ]);
  });

  it('gives the effective value of every variable, defaults included', () => {
    const e = effectiveConfig(configOf({ MAX_GAMES_PER_PLAYER: '4', SEEK_TTL_SECONDS: '60', COMPUTE_SCHED_IDLE: '0' }));
    expect(e).toMatchObject({
      PORT: 3000,
      LOG_LEVEL: 'info',
      REDIS_URL: null,
      TRUST_PROXY: 0,
      DENY_ADDRESS_SECONDS: 30,
      COMPUTE_QUEUE: 64,
      COMPUTE_SCHED_IDLE: 0,
      MAX_GAMES_PER_PLAYER: 4,
      SEEK_TTL_SECONDS: 60,
      INVITE_TTL_SECONDS: 604800,
      BOT_MAX_PER_PLAYER: 2,
    });
    expect(e.COMPUTE_WORKERS).toBeGreaterThanOrEqual(1);
  });

  it('reads who may scrape /metrics, and never shows the token', () => {
    expect(configOf({}).metrics).toEqual({});
    const c = configOf({ METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5', METRICS_TOKEN: 'a-token-of-16-chars' });
    expect(c.metrics).toEqual({ port: 9464, host: '10.0.0.5', token: 'a-token-of-16-chars' });
    expect(effectiveConfig(c)).toMatchObject({ METRICS_PORT: 9464, METRICS_HOST: '10.0.0.5', METRICS_TOKEN: '***' });
    expect(effectiveConfig(configOf({ METRICS_PORT: '9464' })).METRICS_HOST).toBe('127.0.0.1');
    const errors = errorsOf({ METRICS_PORT: '70000', METRICS_TOKEN: 'short' });
    expect(errors.join('\n')).toMatch(/METRICS_PORT/);
    expect(errors.join('\n')).toMatch(/METRICS_TOKEN/);
    expect(errorsOf({ METRICS_HOST: '0.0.0.0' }).join('\n')).toMatch(/METRICS_HOST needs METRICS_PORT/);
  });
});
