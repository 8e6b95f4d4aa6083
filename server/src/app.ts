import { randomInt } from 'node:crypto';
import type { MyGame } from '@progressive-chess/shared';
import { createServer, type RequestListener, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdapter, createShardedAdapter } from '@socket.io/redis-adapter';
import { skipOwnBroadcasts } from './transport/adapter-parser.js';
import express, { type Express } from 'express';
import { pino, type Logger } from 'pino';
import { Server } from 'socket.io';
import { accountRoutes, ACCOUNT_STATUS } from './accounts/account-routes.js';
import type { AccountService } from './accounts/account-service.js';
import { createDurable } from './accounts/durable.js';
import { DEFAULT_LOGIN_LIMITS } from './accounts/login-limiter.js';
import { settingsOf, type AppDeps } from './config.js';
import { createHttpApp } from './http/routes.js';
import { DEFAULT_GAME_READS_LIMIT, perAddress } from './http/rate-limit.js';
import { AnalysisService, DEFAULT_ANALYSIS_LIMIT, DEFAULT_ANALYSIS_SETTINGS } from './services/analysis-service.js';
import type { ComputePool } from './compute/pool.js';
import { createWorkerPool } from './compute/worker-pool.js';
import { startBots } from './bot/start-bots.js';
import { createMetrics } from './metrics.js';
import { isCluster, openRedis, type RedisClient } from './store/redis-client.js';
import { startDeadlineWorker } from './services/deadline-worker.js';
import { ChatService, DEFAULT_CHAT_LIMITS } from './services/chat-service.js';
import { GameCommands } from './services/game-commands.js';
import { onlineCounter } from './services/online-count.js';
import { GameService } from './services/game-service.js';
import { startArchivePruner } from './services/archive-pruner.js';
import { startHeartbeat } from './services/heartbeat.js';
import { createIdentity, type Identity } from './services/identity.js';
import { LobbyService } from './services/lobby-service.js';
import { RoomService } from './services/room-service.js';
import { createHandlers } from './transport/handlers.js';
import { connectSockets } from './transport/connection.js';
import { originAllowed } from './transport/origin.js';
import { guardPublishes, guardSubscriptions } from './transport/publish-guard.js';
import { createEventLimiter } from './transport/rate-limit.js';
import { clientAddress, createAbuseLimiter } from './transport/abuse-limits.js';
import { createAddressGate } from './transport/address-gate.js';
import { sharedLimiter } from './transport/shared-limiter.js';
import { dropSlowReaders } from './transport/slow-readers.js';
import { onResubscribed } from './transport/redis-recovery.js';
import { throttledWarning } from './throttled-log.js';
import { databasePing } from './db/database.js';
import { socketPublisher } from './transport/socket-publisher.js';
import { chatRoom, type AppServer } from './transport/socket-types.js';
import { notifyParts, type NotifyParts } from './notify/compose.js';
import type { Notifications } from './notify/notifications.js';
import type { Mail } from './mail/mail.js';
import { parseDoc, type GameDoc } from './services/game-doc.js';

export type { AppDeps } from './config.js';

export interface App {
  readonly app: Express;
  readonly httpServer: HttpServer;
  readonly io: AppServer;
  /** The services, for tests and tools (e.g. creating a game from a custom position). */
  readonly services: {
    readonly games: GameService;
    readonly commands: GameCommands;
    readonly rooms: RoomService;
    readonly lobby: LobbyService;
    readonly identity: Identity;
    /** Present when a database is configured. */
    readonly accounts?: AccountService;
    readonly compute: ComputePool;
    /** Present when a database is configured. */
    readonly notifications?: Notifications;
    /** Present when a database is configured (sending only with a mailer). */
    readonly mail?: Mail;
  };
  listen(port: number, host?: string): Promise<AddressInfo>;
  /** Stops timers, closes sockets and the HTTP server, quits the Redis clients the app opened. Leaves the store open. */
  close(): Promise<void>;
}

function redisClients(deps: AppDeps): { pub: RedisClient; sub: RedisClient; owned: boolean } | null {
  const clients = adapterClients(deps);
  if (clients) {
    guardPublishes(clients.pub, throttledWarning(deps.logger, 'adapter publish failed (Redis unreachable?)'));
    guardSubscriptions(clients.sub, throttledWarning(deps.logger, 'adapter (un)subscribe failed'));
  }
  return clients;
}

function adapterClients(deps: AppDeps): { pub: RedisClient; sub: RedisClient; owned: boolean } | null {
  if (!deps.redis) return null;
  if ('pubClient' in deps.redis) return { pub: deps.redis.pubClient, sub: deps.redis.subClient, owned: false };
  const target = 'url' in deps.redis ? deps.redis.url : deps.redis;
  // Auto-pipelining on the publisher: the broadcasts of one event-loop tick go out in one write.
  const pub = openRedis(target);
  const sub = openRedis(target, true);
  for (const [c, role] of [[pub, 'publisher'], [sub, 'subscriber']] as const) reportOutages(c, role, deps.logger);
  return { pub, sub, owned: true };
}

/**
 * A Redis client's outage in the log: its connection errors (several a second while it retries) at
 * most one warning per 5 s with the count it stands for, and one line when the connection is back.
 */
export function reportOutages(client: RedisClient, role: string, logger: Logger | undefined): void {
  const warn = throttledWarning(logger, `redis ${role}: connection failing`);
  let down = false;
  client.on('error', (e: Error) => {
    down = true;
    warn(e);
  });
  client.on('ready', () => {
    if (down) logger?.info(`redis ${role}: connection back`);
    down = false;
  });
}

/** The Socket.IO adapter: classic pub/sub on one Redis, sharded pub/sub (Redis 7) on a Cluster. */
function adapterOf(redis: { pub: RedisClient; sub: RedisClient }) {
  return isCluster(redis.pub) ? createShardedAdapter(redis.pub, redis.sub) : createAdapter(redis.pub, redis.sub, { parser: skipOwnBroadcasts() });
}

/** Builds the whole server (HTTP + Socket.IO) around injected dependencies. Nothing is global. */
export function createApp(deps: AppDeps): App {
  const settings = settingsOf(deps);
  const now = deps.now ?? Date.now;
  const logger = deps.logger ?? pino({ level: 'silent' });
  const { store } = deps;
  const redis = redisClients(deps);
  const compute = deps.compute ?? createWorkerPool();
  let boundUrl: string | null = null;
  const publicUrl = (): string => deps.publicUrl ?? boundUrl ?? 'http://localhost';

  // The HTTP app is the server's own request listener, in place before Socket.IO attaches: engine.io
  // then answers its path alone and hands every other request to the app (never both).
  let httpApp: RequestListener | null = null;
  const httpServer = createServer((req, res) => {
    if (httpApp) return httpApp(req, res);
    res.writeHead(503).end();
  });
  // Repeat offenders' TCP connections are reset before HTTP parsing (not behind a proxy: its address is every client's).
  const gate = createAddressGate({
    denySec: settings.trustProxy ? 0 : settings.abuseLimits.denyAddressSec,
    now,
    // its sockets and as many again for plain HTTP (a browser keeps a few connections per page)
    maxConnectionsPerAddress: 2 * settings.abuseLimits.connectionsPerAddress,
    exempt: settings.abuseLimits.exemptAddresses,
  });
  gate.attach(httpServer);
  const limits = createAbuseLimiter(settings.abuseLimits, createEventLimiter(settings.rateLimit), redis?.pub ?? null, gate);
  const io: AppServer = new Server(httpServer, {
    maxHttpBufferSize: settings.maxHttpBufferSize,
    transports: ['websocket', 'polling'],
    serveClient: false,
    // A handshake over its address's budget is refused here (403), before it becomes a connection.
    allowRequest: (req, cb) => {
      if (!originAllowed(req, deps.publicUrl ?? null, deps.allowedOrigins ?? [])) return cb('origin not allowed', false);
      limits.handshakeAllowed(clientAddress(req, settings.trustProxy)).then(
        (ok) => cb(ok ? null : 'too many connections opened from this address', ok),
        (e: unknown) => {
          logger.error({ err: e }, 'handshake limiter');
          cb('internal error', false);
        },
      );
    },
    ...(redis ? { adapter: adapterOf(redis) } : {}),
  });

  dropSlowReaders(io, logger);
  const metrics = createMetrics(() => io.of('/').sockets.size, store, deps.processMetrics === true);
  const durable = deps.database
    ? createDurable(deps.database, {
        now,
        archiveGraceMs: deps.archiveGraceMs ?? 10 * 60_000,
        loginLimits: deps.loginLimits ?? DEFAULT_LOGIN_LIMITS,
        ...(redis ? { redis: redis.pub } : {}),
      })
    : null;
  const identity = createIdentity(store, now, settings.limits, durable?.directory);
  const accounts = durable?.accountService(identity);
  const transportPublisher = socketPublisher(io, {
    crossNode: redis !== null,
    onTurnHere: (n) => games.prefetch(n.gameId, n.version),
  });
  // notifications and e-mail (issue 34): the services publish through the triggers
  const notify: NotifyParts | null =
    deps.database && durable
      ? notifyParts({
          deps,
          db: deps.database,
          directory: durable.directory,
          publisher: transportPublisher,
          playersOf: async (id): Promise<GameDoc['players']> => parseDoc((await games.load(id)).doc).players,
          gamesOf: (id): Promise<MyGame[]> => lobby.gamesOf(id),
          now,
          logger,
          redis: redis?.pub ?? null,
          publicUrl,
          trustProxy: settings.trustProxy,
        })
      : null;
  const publisher = notify?.publisher ?? transportPublisher;
  let botTurn = (_gameId: string, _claimedUntil: number): void => undefined;
  const games = new GameService({
    store,
    publisher,
    now,
    logger,
    settings,
    metrics,
    botTurn: (id, until) => botTurn(id, until),
    ...(durable ? { archive: durable.archive } : {}),
  });
  const commands = new GameCommands(games);
  const rooms = new RoomService(publisher, games, now, { intervalMs: settings.presenceBatchMs, logger }, (id) => store.gameVersion(id));
  const lobby = new LobbyService({
    store,
    publisher,
    games,
    identity,
    now,
    logger,
    ...(deps.publicUrl === undefined ? {} : { publicUrl: deps.publicUrl }),
    seekGraceMs: settings.seekGraceMs,
    seekExpiryTickMs: settings.seekExpiryTickMs,
    limits: settings.limits,
    randomInt: deps.randomInt ?? ((max) => randomInt(max)),
    // a guest has no rating: the database is not asked (guests play on while it is away)
    ...(accounts ? { ratings: async (id, variant) => ((await identity.isGuest(id)) ? null : accounts.ratingOf(id, variant)) } : {}),
    ...(durable ? { accounts: durable.directory } : {}),
  });
  const chat = new ChatService({
    store,
    now,
    limits: deps.chatLimits ?? DEFAULT_CHAT_LIMITS,
    publish: (m) => io.to(chatRoom(m.gameId, m.channel)).emit('chat:message', m),
  });
  const bots = startBots({ store, games, commands, compute, identity, now, logger, settings: settings.bot, randomInt: deps.randomInt ?? ((max) => randomInt(max)) });
  botTurn = bots.driver.take.bind(bots.driver);
  const online = onlineCounter(async () => (await io.fetchSockets()).map((s) => s.data.playerId), now);
  const handlers = createHandlers({ identity, lobby, rooms, commands, chat, bots: bots.service, online });
  const sockets = connectSockets(io, {
    identity,
    lobby,
    rooms,
    handlers,
    limiter: limits.allowEvent,
    limits,
    trustProxy: settings.trustProxy,
    logger,
    observe: (event, seconds) => {
      if (event === 'game:move') metrics.moveSeconds.observe(seconds);
    },
  });

  const analysis = new AnalysisService({ store, games, compute, settings: { ...DEFAULT_ANALYSIS_SETTINGS, ...deps.analysis } });
  const analysisLimit = sharedLimiter(deps.analysis?.perAddress ?? DEFAULT_ANALYSIS_LIMIT, 'analysis-ip', redis?.pub ?? null);
  // counted in memory while Redis is away (shared-limiter.ts): a game's PGN stays downloadable
  const gameReads = perAddress(sharedLimiter(DEFAULT_GAME_READS_LIMIT, 'game-reads', redis?.pub ?? null), settings.trustProxy);

  const app = createHttpApp({
    store,
    games,
    rooms,
    metrics,
    logger,
    publicUrl,
    configuredPublicUrl: deps.publicUrl,
    clientDir: deps.clientDir,
    analysis: { service: analysis, limit: perAddress(analysisLimit, settings.trustProxy) },
    gameReads,
    ...(deps.database ? { databasePing: databasePing(deps.database) } : {}),
    ...(accounts
      ? {
          accounts: {
            router: express
              .Router()
              .use(accountRoutes({ service: accounts, publicUrl, trustProxy: settings.trustProxy, gameReads }), ...(notify ? [notify.router] : [])),
            status: ACCOUNT_STATUS,
          },
        }
      : {}),
  });
  httpApp = app;

  const worker = startDeadlineWorker({
    store,
    tickMs: settings.deadlineTickMs,
    leaseMs: settings.deadlineLeaseMs,
    now,
    logger,
    resolve: (id, claimedUntil) => games.resolveDeadline(id, claimedUntil),
  });

  // aborted games leave the archive after the live store's retention, as they leave the store
  const pruner = durable
    ? startArchivePruner({
        archive: durable.archive,
        retentionMs: settings.limits.abortedRetentionMs,
        intervalMs: deps.archivePruneMs ?? 60 * 60_000,
        now,
        logger,
      })
    : null;

  // Events published while this node's subscriber was away are lost: the heartbeat (now, and
  // periodically) tells its clients each game's version, and a client that is behind resyncs.
  const heartbeat = startHeartbeat({
    publisher,
    versionOf: (id) => store.gameVersion(id),
    ...(durable ? { archived: async (id: string) => (await durable.archive.load(id)) !== null } : {}),
    intervalMs: settings.heartbeatMs,
    logger,
  });
  // What was published while the subscriber was away is lost: the game rooms hear their versions
  // (the heartbeat), the lobby subscribes again.
  const stopRecovery = redis
    ? onResubscribed(redis.sub, () => {
        void heartbeat.sweep();
        publisher.lobbyResyncLocal();
      })
    : () => undefined;

  let closed: Promise<void> | null = null;
  const shutdown = async (): Promise<void> => {
    sockets.closing();
    stopRecovery();
    await heartbeat.stop();
    await worker.stop();
    await pruner?.stop();
    await notify?.close();
    await bots.driver.close();
    lobby.close();
    await rooms.close();
    await io.close();
    httpServer.closeAllConnections();
    await games.close();
    await sockets.idle();
    await compute.close();
    if (redis?.owned) await Promise.allSettled([redis.pub.quit(), redis.sub.quit()]);
  };

  return {
    app,
    httpServer,
    io,
    services: { games, commands, rooms, lobby, identity, compute, ...(accounts ? { accounts } : {}), ...(notify ? { notifications: notify.notifications, mail: notify.mail } : {}) },
    listen(port, host) {
      return new Promise((resolve, reject) => {
        httpServer.once('error', reject);
        httpServer.listen(port, host, () => {
          httpServer.off('error', reject);
          const address = httpServer.address() as AddressInfo;
          boundUrl = `http://localhost:${address.port}`;
          logger.info({ port: address.port }, 'listening');
          resolve(address);
        });
      });
    },
    close() {
      closed ??= shutdown();
      return closed;
    },
  };
}
