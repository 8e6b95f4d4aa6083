import type { MyGame } from '@progressive-chess/shared';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { pino } from 'pino';
import { accountRoutes, ACCOUNT_STATUS } from './accounts/account-routes.js';
import { createDurable } from './accounts/durable.js';
import type { App } from './app-types.js';
import { watchDeadlines } from './store/deadline-watch.js';
import { settingsOf, type AppDeps } from './config.js';
import { createHttpApp } from './http/routes.js';
import { metricsListener } from './http/metrics-access.js';
import { createNodeServer } from './http/node-server.js';
import { createSocketServer } from './transport/socket-server.js';
import { DEFAULT_GAME_READS_LIMIT, perAddress } from './http/rate-limit.js';
import { AnalysisService } from './services/analysis-service.js';
import { createWorkerPool } from './compute/worker-pool.js';
import { startBots } from './bot/start-bots.js';
import { createMetrics } from './metrics.js';
import { startNodeJobs } from './services/node-jobs.js';
import { redisClients } from './transport/redis-clients.js';
import { ChatService } from './services/chat-service.js';
import { GameCommands } from './services/game-commands.js';
import { onlinePlayers } from './services/online-count.js';
import { PlaybanRepo } from './fairplay/playban-repo.js';
import { Playbans, subscribeFairPlay } from './fairplay/playban.js';
import { createSocial } from './social/create-social.js';
import { SOCIAL_STATUS } from './social/social-routes.js';
import { TV_READS, tvRoutes } from './tv/tv-routes.js';
import { TvService } from './tv/tv-service.js';
import { GameService } from './services/game-service.js';
import { GameLifecycle } from './services/game-lifecycle.js';
import { GameLobby } from './services/game-lobby.js';
import { subscribeGameOutputs } from './services/lifecycle-subscribers.js';
import { createIdentity } from './services/identity.js';
import { LobbyService } from './services/lobby-service.js';
import { RoomService } from './services/room-service.js';
import { createHandlers } from './transport/handlers.js';
import { connectSockets } from './transport/connection.js';
import { createEventLimiter } from './transport/rate-limit.js';
import { createAbuseLimiter } from './transport/abuse-limits.js';
import { sharedLimiter } from './transport/shared-limiter.js';
import { dropSlowReaders } from './transport/slow-readers.js';
import { databasePing } from './db/database.js';
import { socketPublisher } from './transport/socket-publisher.js';
import { chatRoom, playerRoom, sessionRoom } from './transport/socket-types.js';
import { apiFollowers, createApi } from './api/compose.js';
import { notifyParts, type NotifyParts } from './notify/compose.js';
import type { NewNotification } from './notify/notifications-repo.js';
import { preferencesRoutes } from './preferences/preferences-routes.js';
import { createApiPresence, withApiPresence } from './api/api-presence.js';
import { createTournaments } from './tournament/compose.js';
import { TOURNAMENT_STATUS } from './tournament/tournament-routes.js';
import { createLearning } from './learning/compose.js';

export type { AppDeps } from './config.js';
export type { App } from './app-types.js';

/** Builds the whole server (HTTP + Socket.IO) around injected dependencies. Nothing is global. */
export function createApp(deps: AppDeps): App {
  const settings = settingsOf(deps);
  const now = deps.now ?? Date.now;
  const logger = deps.logger ?? pino({ level: 'silent' });
  /** Filled once the node's jobs start (below): the deadline worker learns of this node's deadlines through the store. */
  let deadlineWritten: (at: number) => void = () => undefined;
  const store = watchDeadlines(deps.store, (at) => deadlineWritten(at));
  const redis = redisClients(deps);
  /** The Redis client of the shared limits, leases and counts (null: this node's memory). */
  const shared = redis?.commands ?? null;
  const compute = deps.compute ?? createWorkerPool();
  let boundUrl: string | null = null;
  const publicUrl = (): string => deps.publicUrl ?? boundUrl ?? 'http://localhost';

  const { httpServer, gate, drain, serve } = createNodeServer({ requestTimeoutMs: deps.requestTimeoutMs, settings, now });
  const limits = createAbuseLimiter(settings.abuseLimits, createEventLimiter(settings.rateLimit), shared, gate);
  const io = createSocketServer(httpServer, {
    settings,
    limits,
    drain,
    publicUrl: deps.publicUrl ?? null,
    allowedOrigins: deps.allowedOrigins ?? [],
    logger,
    ...(redis ? { adapter: redis.adapter } : {}),
  });
  dropSlowReaders(io, logger);
  const metrics = createMetrics(() => io.of('/').sockets.size, store, deps.processMetrics === true);
  const metricsAccess = deps.metricsAccess ?? {};
  const metricsServer = metricsListener(metrics, metricsAccess);
  let metricsPort: number | null = null;
  const playbans = deps.database ? new Playbans(new PlaybanRepo(deps.database), now, logger) : null;
  const durable = deps.database
    ? createDurable(deps.database, {
        now,
        archiveGraceMs: settings.archiveGraceMs,
        loginLimits: settings.loginLimits,
        ...(deps.passwordHashing ? { hashing: deps.passwordHashing } : {}),
        ...(redis ? { redis: redis.commands } : {}),
      })
    : null;
  const identity = createIdentity(store, now, settings.limits, durable?.directory);
  const online = onlinePlayers(async () => (await io.fetchSockets()).map((s) => s.data.playerId), now);
  const social =
    deps.database && durable
      ? createSocial(deps.database, {
          directory: durable.directory,
          store,
          identity,
          online,
          now,
          operators: deps.operators ?? [],
          maxGames: settings.limits.maxGamesPerPlayer,
          disconnect: (id) => io.in(playerRoom(id)).disconnectSockets(true),
          redis: shared,
          followed: (follower, followedId) => notify?.followed(follower, followedId),
        })
      : null;
  const tv = new TvService(store, now);
  // a session's end (log out, log out everywhere) disconnects its connections on every node (the adapter relays it)
  const accounts = durable?.accountService(identity, (ended) =>
    io.in('session' in ended ? sessionRoom(ended.session) : playerRoom(ended.playerId)).disconnectSockets(true),
  );
  // the API's streams follow games and players through what the publisher publishes (api/follow.ts)
  const followers = apiFollowers(io, { store, crossNode: redis !== null, logger, pollMs: deps.apiFollowPollMs });
  // a program's open API game stream is its presence in the game, as a room connection is (room counts, claims)
  const apiPresence = createApiPresence(shared, logger, { changed: (id) => rooms.recount(id) });
  const transportPublisher = withApiPresence(
    followers.observe(socketPublisher(io, { crossNode: redis !== null, onTurnHere: (n) => games.prefetch(n.gameId, n.version) })),
    apiPresence,
  );
  // What follows a game's start, turns and end (listing, "Your games", turn notices, places,
  // notifications, fair play) hears it from the lifecycle, emitted once by the node that committed it (game-lifecycle.ts).
  const lifecycle = new GameLifecycle(logger);
  if (playbans) subscribeFairPlay(lifecycle, playbans, logger);
  // notifications and e-mail (issue 34): their triggers subscribe to the lifecycle, the lobby's seeks and follows
  const notify: NotifyParts | null =
    deps.database && durable
      ? notifyParts({
          deps,
          db: deps.database,
          directory: durable.directory,
          hasher: durable.hasher,
          publisher: transportPublisher,
          lifecycle,
          followersOf: social ? (id) => social.social.followersOf(id) : null,
          gamesOf: (id): Promise<MyGame[]> => lobby.gamesOf(id),
          tournamentsOf: async (id) => (tournaments ? tournaments.service.joined(id) : []),
          now,
          logger,
          redis: shared,
          publicUrl,
          trustProxy: settings.trustProxy,
        })
      : null;
  const publisher = transportPublisher;
  const gameLobby = new GameLobby(publisher, store, settings.lobbyBatchMs);
  const outputs = subscribeGameOutputs({ lifecycle, lobby: gameLobby, publisher, store, logger, lobbyBatchMs: settings.lobbyBatchMs });
  const games = new GameService({
    store,
    publisher,
    now,
    logger,
    settings,
    metrics,
    lifecycle,
    summaries: gameLobby.summaries,
    ...(durable ? { archive: durable.archive } : {}),
  });
  const commands = new GameCommands(games, (id) => publisher.gameMembers(id), social ? (a, b) => social.blocks.blocks(a, b) : undefined);
  // mined puzzles and the opening explorer, fed by archived games (learning/compose.ts)
  const learning =
    deps.database && durable
      ? createLearning(deps.database, { lifecycle, load: (id) => games.load(id), compute, directory: durable.directory, now, logger, redis: shared, trustProxy: settings.trustProxy })
      : null;
  const rooms = new RoomService(
    publisher,
    games,
    now,
    { intervalMs: settings.presenceBatchMs, logger, claimAfterMs: settings.limits.claimAfterMs },
    (id) => store.gameVersion(id),
    gameLobby,
  );
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
    randomInt: settings.randomInt,
    // a guest has no rating: the database is not asked (guests play on while it is away)
    ...(accounts ? { ratings: async (id, variant) => ((await identity.isGuest(id)) ? null : accounts.ratingOf(id, variant)) } : {}),
    ...(durable ? { accounts: durable.directory } : {}),
    ...(social ? { blocks: social.blocks } : {}),
    ...(playbans ? { seekGuard: playbans } : {}),
    ...(notify ? { seekEvents: notify.seekEvents } : {}),
  });
  const chat = new ChatService({
    store,
    now,
    limits: settings.chatLimits,
    publish: (m) => {
      io.to(chatRoom(m.gameId, m.channel)).emit('chat:message', m);
      followers.chatPublished(m);
    },
    ...(social ? { mayChat: social.mayChat } : {}),
  });
  const bots = startBots({ store, games, commands, compute, identity, now, logger, settings: settings.bot, randomInt: settings.randomInt });
  // tournaments (issue 32): their composition is tournament/compose.ts
  const tournaments =
    deps.database && durable && accounts
      ? createTournaments({ deps: deps.tournaments ?? {}, db: deps.database, store, io, games, commands, lifecycle, publisher, identity, directory: durable.directory, accounts, online, tokens: () => api?.tokens, now, logger,
          ...(social ? { blockedAmong: (ids: readonly string[]) => social.blocks.blockedAmong(ids) } : {}), ...(notify ? { notify: (n: NewNotification) => notify.notifications.triggers.notify(n) } : {}) })
      : null;
  const handlers = createHandlers({ identity, lobby, rooms, commands, chat, bots: bots.service, online: async () => (await online()).size, ...(tournaments ? { tournaments: tournaments.updates } : {}) });
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

  const analysis = new AnalysisService({ store, games, compute, settings: settings.analysis });
  const analysisLimit = sharedLimiter(settings.analysisPerAddress, 'analysis-ip', shared);
  // counted in memory while Redis is away (shared-limiter.ts): a game's PGN stays downloadable
  const gameReads = perAddress(sharedLimiter(DEFAULT_GAME_READS_LIMIT, 'game-reads', shared), settings.trustProxy);

  const api =
    deps.database && accounts
      ? createApi({
          database: deps.database,
          redis: shared,
          store,
          games,
          commands,
          lobby,
          chat,
          accounts,
          followers,
          presence: apiPresence,
          claimAfterMs: settings.limits.claimAfterMs,
          bots: bots.service,
          now,
          logger,
        })
      : null;
  const app = createHttpApp({
    store,
    games,
    rooms,
    metrics,
    metricsAccess,
    logger,
    publicUrl,
    configuredPublicUrl: deps.publicUrl,
    allowedOrigins: deps.allowedOrigins ?? [],
    clientDir: deps.clientDir,
    analysis: { service: analysis, limit: perAddress(analysisLimit, settings.trustProxy) },
    gameReads,
    ...(api ? { api: api.router } : {}),
    apiRouters: [
      tvRoutes(tv, perAddress(sharedLimiter(TV_READS, 'tv', shared), settings.trustProxy)),
      ...(social ? [social.router] : []),
      ...(tournaments ? [tournaments.router] : []),
      ...(learning ? [learning.router] : []),
    ],
    ...(deps.database ? { databasePing: databasePing(deps.database) } : {}),
    ...(accounts
      ? {
          accounts: {
            router: express
              .Router()
              .use(
                accountRoutes({ service: accounts, publicUrl, trustProxy: settings.trustProxy, gameReads }),
                ...(notify ? [notify.router] : []),
                ...(deps.database && durable ? [preferencesRoutes({ database: deps.database, directory: durable.directory, now })] : []),
              ),
            status: { ...ACCOUNT_STATUS, ...SOCIAL_STATUS, ...TOURNAMENT_STATUS },
          },
        }
      : {}),
  });
  serve(app);

  // this node's periodic work: due deadlines, the archive's pruning, the heartbeat and the recovery after a Redis outage
  const jobs = startNodeJobs({ store, settings, now, logger, games, bots: bots.driver, archive: durable?.archive ?? null, publisher, redisSub: redis?.subscriber ?? null });
  deadlineWritten = jobs.deadlineWritten;

  let closed: Promise<void> | null = null;
  const shutdown = async (): Promise<void> => {
    sockets.closing();
    drain.start();
    followers.close();
    api?.close();
    await jobs.stop();
    await notify?.close();
    await bots.driver.close();
    await tournaments?.close();
    await learning?.close();
    lobby.close();
    await rooms.close();
    await drain.close(() => io.close());
    await metricsServer?.close();
    await games.close();
    await outputs.flush();
    await sockets.idle();
    await compute.close();
    await redis?.close();
  };

  return {
    app,
    httpServer,
    io,
    services: {
      games,
      lifecycle,
      commands,
      rooms,
      lobby,
      identity,
      compute,
      tv,
      ...(accounts ? { accounts } : {}),
      ...(social ? { social: social.social, moderation: social.moderation } : {}),
      ...(playbans ? { playbans } : {}),
      ...(notify ? { notifications: notify.notifications, mail: notify.mail } : {}),
      ...(tournaments ? { tournaments } : {}),
      ...(learning ? { learning: learning.indexer } : {}),
    },
    listen(port, host) {
      return new Promise<AddressInfo>((resolve, reject) => {
        httpServer.once('error', reject);
        httpServer.listen(port, host, () => {
          httpServer.off('error', reject);
          const address = httpServer.address() as AddressInfo;
          boundUrl = `http://localhost:${address.port}`;
          logger.info({ port: address.port }, 'listening');
          resolve(address);
        });
      }).then(async (address) => {
        // the adapter's clients connect meanwhile: a publish before the publisher is ready is refused
        await redis?.ready(5_000);
        if (metricsServer) metricsPort = (await metricsServer.listen()).port;
        if (metricsPort !== null) logger.info({ port: metricsPort }, 'metrics listening');
        return address;
      });
    },
    metricsPort: () => metricsPort,
    adapterTraffic: () => redis?.traffic() ?? null,
    close() {
      closed ??= shutdown();
      return closed;
    },
  };
}
