import { pino } from 'pino';
import { createApp } from './app.js';
import { reportOutages } from './transport/redis-clients.js';
import { openDatabase } from './db/open-database.js';
import { installProcessGuards } from './process-guards.js';
import { throttledWarning } from './throttled-log.js';
import { configFromEnv, effectiveConfig, redactUrl } from './env-config.js';
import { lockDataDir, type DataDirLock } from './data-dir.js';
import { DurableStore } from './store/durable-store.js';
import { createMemoryStore } from './store/memory-store.js';
import type { Store } from './store/store.js';
import { createRedisStore } from './store/redis-store.js';
import { createWorkerPool } from './compute/worker-pool.js';
import { smtpMailer } from './mail/mailer.js';

/** Process entry: configuration from the environment only, every variable checked before anything is opened. */
const read = configFromEnv(process.env);
if (!read.ok) {
  // one line per mistake, and nothing opened: exit 2 (a configuration error, not a crash)
  const logger = pino({ level: 'info' });
  for (const error of read.errors) logger.fatal(`configuration: ${error}`);
  logger.fatal('not started: fix the configuration above (README, Configuration)');
  process.exit(2);
}
const config = read.config;
const logger = pino({ level: config.logLevel });
logger.info({ config: effectiveConfig(config) }, 'configuration');
const { redis } = config;
/** A start-up step that failed (an operator's matter, not a crash): one fatal line, what was opened is closed, exit 1. */
async function giveUp(what: string, e: unknown, opened: () => Promise<void>): Promise<never> {
  logger.fatal(`${what}: ${e instanceof Error ? e.message : String(e)}`);
  await opened().catch(() => undefined);
  process.exit(1);
}
let startedWithout = false;
// The data folder (DATA_DIR, default ./data) is created if missing and locked for this process.
let dataLock: DataDirLock | null = null;
if (config.usesDataDir && config.dataDir !== undefined) {
  try {
    dataLock = lockDataDir(config.dataDir);
  } catch (e) {
    await giveUp(`cannot use the data folder ${config.dataDir}`, e, async () => undefined);
  }
}
const releaseLock = async (): Promise<void> => dataLock?.release();
// REDIS_CLUSTER_NODES selects Cluster mode; else REDIS_URL; else the journaled store in DATA_DIR/store
// (EPHEMERAL=1: in memory).
const redisStore = redis === null ? null : createRedisStore('url' in redis ? redis.url : redis);
async function openDurable(dir: string): Promise<Store> {
  try {
    const durable = DurableStore.open(dir);
    logger.info({ dir, games: durable.gameCount, replayed: durable.replayed }, 'store opened');
    return durable;
  } catch (e) {
    return giveUp(`cannot open the games in progress in ${dir}`, e, releaseLock);
  }
}
const store: Store = redisStore ?? (config.storeDir === undefined ? createMemoryStore() : await openDurable(config.storeDir));
// Accounts, ratings and the archive: PostgreSQL at DATABASE_URL, else the embedded PGlite
// (in PGLITE_DIR, else DATA_DIR/pglite; EPHEMERAL=1: in memory).
const database = await openDatabase({
  ...(config.databaseUrl === undefined ? {} : { url: config.databaseUrl }),
  ...(config.pgliteDir === undefined ? {} : { pgliteDir: config.pgliteDir }),
  onError: (e) => logger.warn({ err: e }, 'database'),
  // PostgreSQL down at start-up: the node starts (games are in the store), guests play, and the
  // schema is brought up to date when the database comes back
  whileUnavailable: {
    down: (e) => {
      startedWithout = true;
      const why = e.cause instanceof Error ? e.cause.message : String(e.cause);
      logger.warn(
        { database: redactUrl(config.databaseUrl ?? ''), reason: why },
        'database unavailable at start-up: starting without it (guests play; accounts, ratings and the archive wait for it)',
      );
    },
    back: (versions) => logger.info({ migrations: versions }, 'database back: schema up to date'),
    stillDown: throttledWarning(logger, 'database still unavailable', 30_000),
  },
}).catch((e: unknown) => {
  const where = config.databaseUrl === undefined ? `PGlite (${config.pgliteDir ?? 'in memory'})` : redactUrl(config.databaseUrl);
  return giveUp(`cannot open the database, ${where}`, e, () => store.close().then(releaseLock));
});
if (!startedWithout) logger.info({ database: database.kind, persisted: database.kind === 'postgres' || config.pgliteDir !== undefined }, 'database ready');
const server = createApp({
  store,
  database,
  logger,
  limits: config.limits,
  compute: createWorkerPool(config.compute),
  bot: config.bot,
  processMetrics: true,
  metricsAccess: config.metrics,
  push: {
    ...(config.notify.vapid ? { vapid: config.notify.vapid } : {}),
    ...(config.dataDir === undefined ? {} : { dataDir: config.dataDir }),
    ...(config.notify.vapidSubject === undefined ? {} : { subject: config.notify.vapidSubject }),
  },
  ...(config.notify.smtpUrl !== undefined && config.notify.mailFrom !== undefined ? { mailer: smtpMailer(config.notify.smtpUrl, config.notify.mailFrom) } : {}),
  ...(redis ? { redis } : {}),
  ...(config.publicUrl === undefined ? {} : { publicUrl: config.publicUrl }),
  ...(config.clientDir === undefined ? {} : { clientDir: config.clientDir }),
  ...(config.trustProxy ? { trustProxy: true } : {}),
  // seconds an abusive address's TCP connections are reset for (0: off; always off with TRUST_PROXY)
  ...(config.denyAddressSec === undefined ? {} : { abuseLimits: { denyAddressSec: config.denyAddressSec } }),
  ...(config.allowedOrigins.length > 0 ? { allowedOrigins: config.allowedOrigins } : {}),
  ...(config.operators.length > 0 ? { operators: config.operators } : {}),
  ...(config.tournamentSchedule.length > 0 ? { tournaments: { schedule: config.tournamentSchedule } } : {}),
});
const close = (): Promise<void> =>
  server
    .close()
    .then(() => store.close())
    .then(() => database.close())
    .then(releaseLock);
installProcessGuards(logger, close);
// a port in use or a HOST that is not this machine's
const address = await server
  .listen(config.port, config.host)
  .catch((e: unknown) => giveUp(`cannot listen on ${config.host ?? 'all interfaces'}, port ${config.port}`, e, close));
const url = config.publicUrl ?? `http://localhost:${address.port}`;
// `npm start` sets CLIENT_DIR; without it this process serves the API and the sockets alone
if (config.clientDir) logger.info({ url }, `Progressive Chess Live is ready: open ${url}`);
else logger.info({ url }, `Progressive Chess Live is ready at ${url}: API and sockets only (CLIENT_DIR unset: no web client; npm start serves it)`);
if (config.ephemeral && redis === null) logger.warn('EPHEMERAL=1: in-memory store, games are lost on restart');
if (config.ephemeral && database.kind === 'pglite') logger.warn('EPHEMERAL=1: accounts, ratings and the archive are in memory, lost on restart');
if (dataLock !== null) logger.info({ dir: dataLock.dir }, 'data folder: back it up while the server is stopped (README, "The data folder")');
if (redis !== null && database.kind === 'pglite') {
  logger.warn(
    'REDIS_URL is set but DATABASE_URL is not: accounts, ratings and the archive are in this process (PGlite), not shared with other nodes on the same Redis; several nodes need one DATABASE_URL',
  );
}
if (redisStore) reportOutages(redisStore.client, 'store', logger);

/**
 * A graceful stop is bounded: past this the process exits at once. (A second signal is ignored:
 * Ctrl-C under `npm start` reaches this process twice, from the terminal and from scripts/start.mjs.)
 */
const SHUTDOWN_LIMIT_MS = 10_000;
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    const started = performance.now();
    logger.info({ signal }, 'shutting down');
    setTimeout(() => {
      logger.error(`shutdown did not finish within ${SHUTDOWN_LIMIT_MS / 1000} s: exiting`);
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS).unref();
    close().then(
      () => {
        logger.info({ ms: Math.round(performance.now() - started) }, 'stopped');
        process.exit(0);
      },
      (e: unknown) => {
        logger.error({ err: e }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}
