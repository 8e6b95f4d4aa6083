import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { LevelWithSilent } from 'pino';
import { DEFAULT_BOT_SETTINGS, botSettingsFromEnv, type BotSettings } from './bot/bot-settings.js';
import { computeOptionsFromEnv } from './compute/from-env.js';
import { DEFAULT_MAX_QUEUE, defaultWorkerCount, type WorkerPoolOptions } from './compute/worker-pool.js';
import { DEFAULT_ABUSE_LIMITS } from './config.js';
import { envInteger, type Env } from './env.js';
import { DEFAULT_LIMITS, limitsByVariable, limitsFromEnv, type Limits } from './limits.js';
import { parseClusterNodes } from './store/redis-client.js';
import { notifyEffective, notifyEnvOf, type NotifyEnv } from './mail/notify-env.js';

/**
 * The server's whole configuration, read from the environment at once before anything is opened,
 * so that every mistake is reported together, at start-up, as a sentence naming the variable
 * (README, *Configuration*, lists exactly the variables read here).
 */
/** The Redis of REDIS_CLUSTER_NODES or REDIS_URL (a `RedisDeps` of the app). */
export type EnvRedis = { readonly url: string } | { readonly clusterNodes: readonly string[] };

export interface EnvConfig {
  readonly port: number;
  readonly host: string | undefined;
  readonly logLevel: LevelWithSilent;
  readonly redis: EnvRedis | null;
  readonly databaseUrl: string | undefined;
  readonly dataDir: string | undefined;
  /** PGLITE_DIR, else DATA_DIR/pglite. */
  readonly pgliteDir: string | undefined;
  /** Without a trailing slash. */
  readonly publicUrl: string | undefined;
  readonly clientDir: string | undefined;
  /** Origins (scheme://host[:port]), whatever path the variable gave. */
  readonly allowedOrigins: readonly string[];
  readonly trustProxy: boolean;
  readonly denyAddressSec: number | undefined;
  readonly limits: Partial<Limits>;
  readonly bot: Partial<BotSettings>;
  readonly compute: WorkerPoolOptions;
  readonly notify: NotifyEnv;
}

export type EnvConfigResult = { readonly ok: true; readonly config: EnvConfig } | { readonly ok: false; readonly errors: readonly string[] };

const LOG_LEVELS: readonly LevelWithSilent[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

const set = (env: Env, name: string): string | undefined => {
  const v = env[name];
  return v === undefined || v === '' ? undefined : v;
};

/** A URL with one of `protocols`, else an error naming the variable (and never echoing credentials). */
function url(name: string, raw: string, protocols: readonly string[], example: string): URL {
  let u: URL | null = null;
  try {
    u = new URL(raw);
  } catch {
    // below
  }
  if (u === null || !protocols.includes(u.protocol) || u.host === '') {
    throw new Error(`${name} must be a ${protocols.map((p) => `${p}//`).join(' or ')} URL (e.g. ${example}), got "${redactUrl(raw)}"`);
  }
  return u;
}

/** A URL with its password (and a username beside it) replaced by `***`, for logs and messages. */
export function redactUrl(raw: string): string {
  try {
    const u = new URL(raw);
    if (u.password === '') return raw;
    u.password = '***';
    return u.toString();
  } catch {
    // not a URL: hide whatever stands between "//" and "@"
    return raw.replace(/\/\/[^/@]*@/, '//***@');
  }
}

function redisOf(env: Env): EnvRedis | null {
  const cluster = set(env, 'REDIS_CLUSTER_NODES');
  const redisUrl = set(env, 'REDIS_URL');
  if (cluster !== undefined) {
    const nodes = (() => {
      try {
        return parseClusterNodes(cluster);
      } catch {
        return [];
      }
    })();
    if (nodes.length === 0) throw new Error(`REDIS_CLUSTER_NODES must list host:port seed nodes, comma-separated, got "${cluster}"`);
    return { clusterNodes: nodes.map((n) => `${n.host}:${n.port}`) };
  }
  if (redisUrl === undefined) return null;
  // an absolute path is a Unix socket (ioredis takes it as such)
  if (!redisUrl.startsWith('/')) url('REDIS_URL', redisUrl, ['redis:', 'rediss:'], 'redis://localhost:6379');
  return { url: redisUrl };
}

/** Reads and checks every variable; all the errors, or the configuration. */
export function configFromEnv(env: Env, fileExists: (path: string) => boolean = existsSync): EnvConfigResult {
  const errors: string[] = [];
  const read = <T>(f: () => T, fallback: T): T => {
    try {
      return f();
    } catch (e) {
      errors.push(e instanceof Error ? e.message : String(e));
      return fallback;
    }
  };
  const port = read(() => {
    const raw = set(env, 'PORT') ?? '3000';
    const p = Number(raw);
    if (!/^\d+$/.test(raw) || p > 65535) throw new Error(`PORT must be an integer from 0 to 65535 (0: any free port), got "${raw}"`);
    return p;
  }, 0);
  const logLevel = read(() => {
    const l = set(env, 'LOG_LEVEL') ?? 'info';
    if (!(LOG_LEVELS as readonly string[]).includes(l)) throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${l}"`);
    return l as LevelWithSilent;
  }, 'info');
  const redis = read(() => redisOf(env), null);
  const databaseUrl = read(() => {
    const raw = set(env, 'DATABASE_URL');
    if (raw !== undefined) url('DATABASE_URL', raw, ['postgres:', 'postgresql:'], 'postgres://user:pw@host/db');
    return raw;
  }, undefined);
  const dataDir = set(env, 'DATA_DIR');
  const pgliteDir = set(env, 'PGLITE_DIR') ?? (dataDir === undefined ? undefined : `${dataDir.replace(/\/+$/, '')}/pglite`);
  const publicUrl = read(() => {
    const raw = set(env, 'PUBLIC_URL');
    if (raw === undefined) return undefined;
    url('PUBLIC_URL', raw, ['http:', 'https:'], 'https://chess.example.org');
    return raw.replace(/\/+$/, '');
  }, undefined);
  const allowedOrigins = read(
    () =>
      (set(env, 'ALLOWED_ORIGINS') ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== '')
        .map((s) => url('ALLOWED_ORIGINS', s, ['http:', 'https:'], 'http://localhost:5173').origin),
    [],
  );
  const clientDir = read(() => {
    const dir = set(env, 'CLIENT_DIR');
    if (dir !== undefined && !fileExists(join(dir, 'index.html'))) {
      throw new Error(`CLIENT_DIR must be the built web client (npm run build -w client), but "${dir}" has no index.html`);
    }
    return dir;
  }, undefined);
  const trustProxy = read(() => {
    const raw = set(env, 'TRUST_PROXY') ?? '0';
    if (raw !== '0' && raw !== '1') throw new Error(`TRUST_PROXY must be 1 (behind a reverse proxy) or 0, got "${raw}"`);
    return raw === '1';
  }, false);
  const denyAddressSec = read(() => envInteger(env, 'DENY_ADDRESS_SECONDS', 0), undefined);
  const limits = read(() => limitsFromEnv(env), {});
  const bot = read(() => botSettingsFromEnv(env), {});
  const compute = read(() => computeOptionsFromEnv(env), {});
  const notify = read(() => notifyEnvOf(env), { smtpUrl: undefined, mailFrom: undefined, vapid: undefined, vapidSubject: undefined });
  if (errors.length > 0) return { ok: false, errors };
  const host = set(env, 'HOST');
  return {
    ok: true,
    config: { port, host, logLevel, redis, databaseUrl, dataDir, pgliteDir, publicUrl, clientDir, allowedOrigins, trustProxy, denyAddressSec, limits, bot, compute, notify },
  };
}

export type EffectiveValue = string | number | boolean | null;

/**
 * The effective value of every variable (defaults applied; null: unset), keyed by variable name,
 * for the start-up log: passwords in URLs are replaced by `***`.
 */
export function effectiveConfig(c: EnvConfig): Record<string, EffectiveValue> {
  const redis = c.redis;
  const bot = { ...DEFAULT_BOT_SETTINGS, ...c.bot };
  return {
    PORT: c.port,
    HOST: c.host ?? null,
    LOG_LEVEL: c.logLevel,
    REDIS_URL: redis !== null && 'url' in redis ? redactUrl(redis.url) : null,
    REDIS_CLUSTER_NODES: redis !== null && 'clusterNodes' in redis ? redis.clusterNodes.join(',') : null,
    DATABASE_URL: c.databaseUrl === undefined ? null : redactUrl(c.databaseUrl),
    DATA_DIR: c.dataDir ?? null,
    PGLITE_DIR: c.pgliteDir ?? null,
    PUBLIC_URL: c.publicUrl === undefined ? null : redactUrl(c.publicUrl),
    CLIENT_DIR: c.clientDir ?? null,
    ALLOWED_ORIGINS: c.allowedOrigins.length === 0 ? null : c.allowedOrigins.join(','),
    TRUST_PROXY: c.trustProxy ? 1 : 0,
    DENY_ADDRESS_SECONDS: c.denyAddressSec ?? DEFAULT_ABUSE_LIMITS.denyAddressSec,
    COMPUTE_WORKERS: c.compute.size ?? defaultWorkerCount(),
    COMPUTE_SCHED_IDLE: c.compute.priority?.idle === false ? 0 : 1,
    COMPUTE_QUEUE: c.compute.maxQueue ?? DEFAULT_MAX_QUEUE,
    COMPUTE_HEAP_MB: c.compute.resourceLimits?.maxOldGenerationSizeMb ?? null,
    BOT_MAX_PER_PLAYER: bot.maxPerPlayer,
    BOT_MAX_GAMES: bot.maxGames,
    ...limitsByVariable({ ...DEFAULT_LIMITS, ...c.limits }),
    ...notifyEffective(c.notify, redactUrl),
  };
}
