import { pino } from 'pino';
import { createApp, reportOutages } from './app.js';
import { openDatabase } from './db/open-database.js';
import { installProcessGuards } from './process-guards.js';
import type { RedisDeps } from './config.js';
import { limitsFromEnv } from './limits.js';
import { createMemoryStore } from './store/memory-store.js';
import { createRedisStore } from './store/redis-store.js';
import { computeFromEnv } from './compute/from-env.js';
import { botSettingsFromEnv } from './bot/bot-settings.js';
import { envInteger } from './env.js';

/** Process entry: configuration from the environment only. */
const env = process.env;
const logger = pino({ level: env.LOG_LEVEL ?? 'info' });
// REDIS_CLUSTER_NODES (host:port,host:port,...) selects Cluster mode; else REDIS_URL, else memory.
const clusterNodes = env.REDIS_CLUSTER_NODES?.split(',').map((s) => s.trim()).filter((s) => s !== '') ?? [];
const redis: RedisDeps | null =
  clusterNodes.length > 0 ? { clusterNodes } : env.REDIS_URL ? { url: env.REDIS_URL } : null;
const redisStore = redis === null ? null : createRedisStore('url' in redis ? redis.url : { clusterNodes });
const store = redisStore ?? createMemoryStore();
// Accounts, ratings and the archive: PostgreSQL at DATABASE_URL, else the embedded PGlite
// (in PGLITE_DIR, or DATA_DIR/pglite, else in memory).
const pgliteDir = env.PGLITE_DIR ?? (env.DATA_DIR ? `${env.DATA_DIR.replace(/\/+$/, '')}/pglite` : undefined);
const database = await openDatabase({
  ...(env.DATABASE_URL ? { url: env.DATABASE_URL } : {}),
  ...(pgliteDir ? { pgliteDir } : {}),
  onError: (e) => logger.warn({ err: e }, 'database'),
});
logger.info({ database: database.kind, persisted: database.kind === 'postgres' || pgliteDir !== undefined }, 'database ready');
const denyAddressSec = envInteger(env, 'DENY_ADDRESS_SECONDS', 0);
const server = createApp({
  store,
  database,
  logger,
  limits: limitsFromEnv(env),
  compute: computeFromEnv(env),
  bot: botSettingsFromEnv(env),
  ...(redis ? { redis } : {}),
  ...(env.PUBLIC_URL ? { publicUrl: env.PUBLIC_URL.replace(/\/+$/, '') } : {}),
  ...(env.CLIENT_DIR ? { clientDir: env.CLIENT_DIR } : {}),
  ...(env.TRUST_PROXY === '1' ? { trustProxy: true } : {}),
  // seconds an abusive address's TCP connections are reset for (0: off; always off with TRUST_PROXY)
  ...(denyAddressSec === undefined ? {} : { abuseLimits: { denyAddressSec } }),
  ...(env.ALLOWED_ORIGINS ? { allowedOrigins: env.ALLOWED_ORIGINS.split(',').map((s) => s.trim()) } : {}),
});
installProcessGuards(logger, () => server.close().then(() => store.close()));
const port = Number(env.PORT ?? 3000);
const address = await server.listen(port, env.HOST);
const url = env.PUBLIC_URL ?? `http://localhost:${address.port}`;
// `npm start` sets CLIENT_DIR; without it this process serves the API and the sockets alone
if (env.CLIENT_DIR) logger.info({ url }, `Progressive Chess Live is ready: open ${url}`);
else logger.info({ url }, `Progressive Chess Live is ready at ${url}: API and sockets only (CLIENT_DIR unset: no web client; npm start serves it)`);
if (database.kind === 'pglite' && pgliteDir === undefined) {
  logger.warn('DATABASE_URL and PGLITE_DIR are not set: accounts, ratings and the archive are in memory, lost on restart');
}
if (redis === null) logger.warn('REDIS_URL is not set: in-memory store, single node, games are lost on restart');
else if (database.kind === 'pglite') {
  logger.warn(
    'REDIS_URL is set but DATABASE_URL is not: accounts, ratings and the archive are in this process (PGlite), not shared with other nodes on the same Redis; several nodes need one DATABASE_URL',
  );
}
if (redisStore) reportOutages(redisStore.client, 'store', logger);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    server
      .close()
      .then(() => store.close())
      .then(() => database.close())
      .then(
        () => process.exit(0),
        (e: unknown) => {
          logger.error({ err: e }, 'shutdown failed');
          process.exit(1);
        },
      );
  });
}
