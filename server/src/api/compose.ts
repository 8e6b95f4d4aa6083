import type express from 'express';
import type { Logger } from 'pino';
import type { AccountService } from '../accounts/account-service.js';
import type { BotService } from '../bot/bot-service.js';
import type { Database } from '../db/database.js';
import { TokensRepo } from '../db/tokens-repo.js';
import type { ChatService } from '../services/chat-service.js';
import type { GameCommands } from '../services/game-commands.js';
import type { GameService } from '../services/game-service.js';
import type { LobbyService } from '../services/lobby-service.js';
import type { RedisClient } from '../store/redis-client.js';
import type { Store } from '../store/store.js';
import { TokenService } from '../tokens/token-service.js';
import type { AppServer } from '../transport/socket-types.js';
import { apiLimiters } from './api-auth.js';
import type { ApiPresence } from './api-presence.js';
import { apiRoutes } from './api-routes.js';
import { createFollowers, type Followers } from './follow.js';
import { socketCrossNode } from './follow-socket.js';
import { StreamSlots } from './ndjson.js';
import { redisStreamLeases } from './stream-lease.js';
import { redisStreamCaps } from './stream-caps.js';
import { MAX_STREAMS_PER_TOKEN } from '@progressive-chess/shared';

/** How often the API's streams read each followed game's version (their safety net: follow.ts). */
export const FOLLOW_POLL_MS = 1_000;

/** The followers of game and player events for the API's streams (built before the services: they wrap the publisher). */
export function apiFollowers(io: AppServer, o: { store: Store; crossNode: boolean; logger: Logger; pollMs?: number | undefined }): Followers {
  return createFollowers({
    versionOf: (id) => o.store.gameVersion(id),
    pollMs: o.pollMs ?? FOLLOW_POLL_MS,
    crossNode: o.crossNode ? socketCrossNode(io) : null,
    onError: (e) => o.logger.debug({ err: e }, 'api follow: version read'),
  });
}

export interface ApiDeps {
  readonly database: Database;
  readonly redis: RedisClient | null;
  readonly store: Store;
  readonly games: GameService;
  readonly commands: GameCommands;
  readonly lobby: LobbyService;
  readonly chat: ChatService;
  readonly accounts: AccountService;
  readonly followers: Followers;
  readonly presence: ApiPresence;
  readonly claimAfterMs: number;
  readonly bots: Pick<BotService, 'play'>;
  readonly now: () => number;
  readonly logger: Logger;
}

/** The Bot and Board API's router (mounted at `/api`), on the durable database's tokens. */
/** `close` ends the open streams (before the HTTP server closes). */
export function createApi(d: ApiDeps): { router: express.Router; tokens: TokenService; close(): void } {
  const tokens = new TokenService({
    repo: new TokensRepo(d.database),
    now: d.now,
    gamesInProgress: async (playerId) => (await d.lobby.gamesOf(playerId)).length,
  });
  const slots = new StreamSlots();
  const streams = {
    store: d.store,
    games: d.games,
    lobby: d.lobby,
    tokens,
    gameEvents: d.followers.games,
    playerEvents: d.followers.players,
    slots,
    presence: d.presence,
    ...(d.redis ? { leases: redisStreamLeases(d.redis, d.logger), caps: redisStreamCaps(d.redis, d.logger, MAX_STREAMS_PER_TOKEN) } : {}),
    claimAfterMs: d.claimAfterMs,
    now: d.now,
    logger: d.logger,
  };
  const router = apiRoutes({
    store: d.store,
    commands: d.commands,
    chat: d.chat,
    streams,
    tokens,
    accounts: d.accounts,
    lobby: d.lobby,
    limiters: apiLimiters(d.redis),
    bots: d.bots,
    logger: d.logger,
  });
  return { router, tokens, close: () => slots.endAll() };
}
