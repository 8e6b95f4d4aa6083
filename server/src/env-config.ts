import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { playerNameSchema } from '@progressive-chess/shared';
import type { LevelWithSilent } from 'pino';
import { DEFAULT_BOT_SETTINGS, botSettingsFromEnv, type BotSettings } from './bot/bot-settings.js';
import { computeOptionsFromEnv } from './compute/from-env.js';
import { DEFAULT_MAX_QUEUE, defaultWorkerCount, type WorkerPoolOptions } from './compute/worker-pool.js';
import { DEFAULT_ABUSE_LIMITS } from './transport/limit-options.js';
import { envInteger, type Env } from './env.js';
import { DEFAULT_LIMITS, limitsByVariable, limitsFromEnv, type Limits } from './limits.js';
import { parseClusterNodes } from './store/redis-client.js';
import { metricsAccessFromEnv, type MetricsAccess } from './http/metrics-access.js';
import { notifyEffective, notifyEnvOf, type NotifyEnv } from './mail/notify-env.js';
import { parseSchedule, type ScheduledEvent } from './tournament/schedule.js';

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
  /** The data folder, absolute (DATA_DIR, default ./data); undefined with EPHEMERAL=1. */
  readonly dataDir: string | undefined;
  /** Where the games in progress are kept without Redis: `<dataDir>/store` (undefined: Redis, or in memory). */
  readonly storeDir: string | undefined;
  /** PGLITE_DIR, else DATA_DIR/pglite (undefined: in memory, EPHEMERAL=1). */
  readonly pgliteDir: string | undefined;
  /** Whether anything is kept in `dataDir` (the store or PGlite): the folder is then locked for this process. */
  readonly usesDataDir: boolean;
  /** Without a trailing slash. */
  readonly publicUrl: string | undefined;
  readonly clientDir: string | undefined;
  /** Origins (scheme://host[:port]), whatever path the variable gave. */
  readonly allowedOrigins: readonly string[];
  /** OPERATORS: usernames of the moderating accounts. */
  readonly operators: readonly string[];
  readonly trustProxy: boolean;
  /** EPHEMERAL=1: nothing on disk (memory store, PGlite in memory) unless Redis or DATABASE_URL. */
  readonly ephemeral: boolean;
  readonly denyAddressSec: number | undefined;
  readonly limits: Partial<Limits>;
  readonly bot: Partial<BotSettings>;
  readonly compute: WorkerPoolOptions;
  /** Who reads /metrics (METRICS_PORT, METRICS_HOST, METRICS_TOKEN). */
  readonly metrics: MetricsAccess;
  readonly notify: NotifyEnv;
  /** TOURNAMENT_SCHEDULE: the operator's recurring tournaments (tournament/schedule.ts). */
  readonly tournamentSchedule: readonly ScheduledEvent[];
}

export type EnvConfigResult = { readonly ok: true; readonly config: EnvConfig } | { readonly ok: false; readonly errors: readonly string[] };

/** The data folder when DATA_DIR is unset (relative to the working directory: the repository with `npm start`). */
export const DEFAULT_DATA_DIR = 'data';

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
  const ephemeral = read(() => {
    const raw = set(env, 'EPHEMERAL') ?? '0';
    if (raw !== '0' && raw !== '1') throw new Error(`EPHEMERAL must be 1 (keep nothing: a throw-away server) or 0, got "${raw}"`);
    if (raw === '1' && (set(env, 'DATA_DIR') !== undefined || set(env, 'PGLITE_DIR') !== undefined)) {
      throw new Error('EPHEMERAL must be 0 when DATA_DIR or PGLITE_DIR is set (EPHEMERAL=1 keeps nothing on disk)');
    }
    return raw === '1';
  }, false);
  const dataDir = ephemeral ? undefined : resolve(set(env, 'DATA_DIR') ?? DEFAULT_DATA_DIR);
  const storeDir = redis === null && dataDir !== undefined ? join(dataDir, 'store') : undefined;
  const pgliteOwnDir = set(env, 'PGLITE_DIR');
  const pgliteDir = pgliteOwnDir === undefined ? (dataDir === undefined ? undefined : join(dataDir, 'pglite')) : resolve(pgliteOwnDir);
  const usesDataDir = storeDir !== undefined || (databaseUrl === undefined && pgliteOwnDir === undefined && dataDir !== undefined);
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
  const operators = read(() => {
    const names = (set(env, 'OPERATORS') ?? '').split(',').map((s) => s.trim()).filter((s) => s !== '');
    const bad = names.find((n) => !playerNameSchema.safeParse(n).success);
    if (bad !== undefined) throw new Error(`OPERATORS must be usernames, comma-separated, got "${bad}"`);
    return names;
  }, []);
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
  const metrics = metricsAccessFromEnv(env, read);
  const notify = read(() => notifyEnvOf(env), { smtpUrl: undefined, mailFrom: undefined, vapid: undefined, vapidSubject: undefined });
  const tournamentSchedule = read(() => {
    try {
      return parseSchedule(set(env, 'TOURNAMENT_SCHEDULE') ?? '');
    } catch (e) {
      throw new Error(`TOURNAMENT_SCHEDULE: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
    }
  }, []);
  if (errors.length > 0) return { ok: false, errors };
  const host = set(env, 'HOST');
  return {
    ok: true,
    config: { port, host, logLevel, redis, databaseUrl, dataDir, storeDir, pgliteDir, usesDataDir, ephemeral, publicUrl, clientDir, allowedOrigins, operators, trustProxy, denyAddressSec, limits, bot, compute, metrics, notify, tournamentSchedule },
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
    EPHEMERAL: c.ephemeral ? 1 : 0,
    PUBLIC_URL: c.publicUrl === undefined ? null : redactUrl(c.publicUrl),
    CLIENT_DIR: c.clientDir ?? null,
    ALLOWED_ORIGINS: c.allowedOrigins.length === 0 ? null : c.allowedOrigins.join(','),
    OPERATORS: c.operators.length === 0 ? null : c.operators.join(','),
    TOURNAMENT_SCHEDULE: c.tournamentSchedule.length === 0 ? null : c.tournamentSchedule.map((e) => e.text).join('; '),
    TRUST_PROXY: c.trustProxy ? 1 : 0,
    DENY_ADDRESS_SECONDS: c.denyAddressSec ?? DEFAULT_ABUSE_LIMITS.denyAddressSec,
    COMPUTE_WORKERS: c.compute.size ?? defaultWorkerCount(),
    COMPUTE_SCHED_IDLE: c.compute.priority?.idle === false ? 0 : 1,
    COMPUTE_QUEUE: c.compute.maxQueue ?? DEFAULT_MAX_QUEUE,
    COMPUTE_HEAP_MB: c.compute.resourceLimits?.maxOldGenerationSizeMb ?? null,
    METRICS_PORT: c.metrics.port ?? null,
    METRICS_HOST: c.metrics.port === undefined ? null : (c.metrics.host ?? '127.0.0.1'),
    METRICS_TOKEN: c.metrics.token === undefined ? null : '***',
    BOT_MAX_PER_PLAYER: bot.maxPerPlayer,
    BOT_MAX_GAMES: bot.maxGames,
    ...limitsByVariable({ ...DEFAULT_LIMITS, ...c.limits }),
    ...notifyEffective(c.notify, redactUrl),
  };
}
