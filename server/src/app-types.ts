import type { Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import type { AccountService } from './accounts/account-service.js';
import type { ComputePool } from './compute/pool.js';
import type { Playbans } from './fairplay/playban.js';
import type { LearningIndexer } from './learning/learning-indexer.js';
import type { Mail } from './mail/mail.js';
import type { Notifications } from './notify/notifications.js';
import type { GameCommands } from './services/game-commands.js';
import type { GameLifecycle } from './services/game-lifecycle.js';
import type { GameService } from './services/game-service.js';
import type { Identity } from './services/identity.js';
import type { LobbyService } from './services/lobby-service.js';
import type { RoomService } from './services/room-service.js';
import type { ModerationService } from './social/moderation-service.js';
import type { SocialService } from './social/social-service.js';
import type { TournamentParts } from './tournament/compose.js';
import type { AdapterCounts } from './transport/redis-clients.js';
import type { AppServer } from './transport/socket-types.js';
import type { TvService } from './tv/tv-service.js';

/** What `createApp` (app.ts) returns: the server, its services and its lifetime. */
export interface App {
  readonly app: Express;
  readonly httpServer: HttpServer;
  readonly io: AppServer;
  /** The services, for tests and tools (e.g. creating a game from a custom position). */
  readonly services: {
    readonly games: GameService;
    /** Games' starts, turns and ends on this node (game-lifecycle.ts): subscribe here. */
    readonly lifecycle: GameLifecycle;
    readonly commands: GameCommands;
    readonly rooms: RoomService;
    readonly lobby: LobbyService;
    readonly identity: Identity;
    /** Present when a database is configured. */
    readonly accounts?: AccountService;
    readonly social?: SocialService;
    readonly moderation?: ModerationService;
    readonly playbans?: Playbans;
    readonly tv: TvService;
    readonly compute: ComputePool;
    /** Present when a database is configured. */
    readonly notifications?: Notifications;
    /** Present when a database is configured (sending only with a mailer). */
    readonly mail?: Mail;
    /** Present when a database is configured. */
    readonly tournaments?: TournamentParts;
    /** Mined puzzles and the explorer's counts of archived games (present with a database). */
    readonly learning?: LearningIndexer;
  };
  /** Also starts the metrics listener of `metricsAccess.port`, if any. */
  listen(port: number, host?: string): Promise<AddressInfo>;
  /** The port of the metrics listener once listening (null: metrics on the public port). */
  metricsPort(): number | null;
  /** The Socket.IO Redis adapter's messages on this node so far (null without Redis): see redis-clients.ts. */
  adapterTraffic(): AdapterCounts | null;
  /** Stops timers, closes sockets and the HTTP server, quits the Redis clients the app opened. Leaves the store open. */
  close(): Promise<void>;
}
