import type { Logger } from 'pino';
import { FIRST_MOVE_GRACE_MS } from '@progressive-chess/shared';
import { randomInt } from 'node:crypto';
import { DEFAULT_CHAT_LIMITS, type ChatLimits } from './services/chat-service.js';
import { DEFAULT_LIMITS, type Limits } from './limits.js';
import { DEFAULT_LOGIN_LIMITS, type LoginLimits } from './accounts/login-limiter.js';
import type { HashingLimits } from './accounts/password.js';
import type { MetricsAccess } from './http/metrics-access.js';
import type { Database } from './db/database.js';
import type { Store } from './store/store.js';
import type { TournamentDeps } from './tournament/compose.js';
import type { ComputePool } from './compute/pool.js';
import { DEFAULT_ANALYSIS_LIMIT, DEFAULT_ANALYSIS_SETTINGS, type AnalysisSettings } from './services/analysis-service.js';
import { DEFAULT_BOT_SETTINGS, type BotSettings } from './bot/bot-settings.js';
import { DEFAULT_ABUSE_LIMITS, type AbuseLimitOptions, type RateLimitOptions } from './transport/limit-options.js';
import type { Agent } from 'node:https';
import type { Mailer } from './mail/mailer.js';

/**
 * Redis for the Socket.IO adapter and the shared limits: a URL or Cluster seed nodes (the app opens
 * and closes its own clients, redis-clients.ts). It must be the store's Redis (as REDIS_URL makes
 * it): on one Redis the store's commits publish game events on the rooms' channels (adapter-relay.ts).
 */
export type RedisDeps = { readonly url: string } | { readonly clusterNodes: readonly string[] };

/** Everything `createApp` depends on; only `store` is required. */
export interface AppDeps {
  readonly store: Store;
  readonly now?: () => number;
  readonly logger?: Logger;
  readonly redis?: RedisDeps;
  /** Public base URL (invitation links, same-origin check). Default: http://localhost:<port> once listening. */
  readonly publicUrl?: string;
  /** Extra origins allowed to open sockets (e.g. the Vite dev server). */
  readonly allowedOrigins?: readonly string[];
  /** Usernames of the accounts that moderate reports (OPERATORS). Default: nobody. */
  readonly operators?: readonly string[];
  /** Static files of the built client (optional). */
  readonly clientDir?: string;
  /** Tournaments (need a database): the operator's recurring events (TOURNAMENT_SCHEDULE) and timing for tests. */
  readonly tournaments?: TournamentDeps;
  readonly firstMoveGraceMs?: number;
  /** The deadline worker's shortest sleep (default 40 ms): the most often a node asks the store, and how late a flag may fall. */
  readonly deadlineTickMs?: number;
  /**
   * Its longest (default 1 s; the tick with an injected clock `now`, whose pace is not the timers'):
   * when no deadline is near, a node asks this seldom. A deadline written by a node that died
   * before it fell is found this late at worst (plus the lease).
   */
  readonly deadlineIdleMs?: number;
  /**
   * How long a claimed deadline stays with the node that claimed it before another may take it.
   * Short (default 80 ms, with a 40 ms tick): a node that dies right after claiming delays the flag
   * by at most lease + tick. A slow claimer losing its lease is harmless: the commit is a compare-and-set.
   */
  readonly deadlineLeaseMs?: number;
  readonly seekGraceMs?: number;
  /** How often the API's streams read each followed game's version, their safety net for events lost (default 1 s). */
  readonly apiFollowPollMs?: number;
  /** How often a node takes the seeks that expired and tells the lobby and their owners. Default 5 s. */
  readonly seekExpiryTickMs?: number;
  /** Period of the per-game version heartbeat (`game:heartbeat`). */
  readonly heartbeatMs?: number;
  /** Presence and spectator counts are counted and published per room at most once per this interval. */
  readonly presenceBatchMs?: number;
  /** Lobby updates of games whose turn changed are sent at most once per game and interval (0: at once). */
  readonly lobbyBatchMs?: number;
  readonly rateLimit?: RateLimitOptions;
  /** Overrides of DEFAULT_ABUSE_LIMITS. */
  readonly abuseLimits?: Partial<AbuseLimitOptions>;
  /** Take the client address from X-Real-IP / X-Forwarded-For (only behind a reverse proxy that sets them). */
  readonly trustProxy?: boolean;
  readonly maxHttpBufferSize?: number;
  /** Uniform integer in [0, max): colour draws. Default: node:crypto randomInt. */
  readonly randomInt?: (max: number) => number;
  /** Chat lines per sender and game per window, and how long a channel outlives its last line. */
  readonly chatLimits?: ChatLimits;
  /** Overrides of DEFAULT_LIMITS. */
  readonly limits?: Partial<Limits>;
  /** Accounts, ratings and the archive of finished games (open and migrated); none: anonymous play only, games stay live. */
  readonly database?: Database;
  /** How long an archived game stays in the live store. Default 10 minutes. */
  readonly archiveGraceMs?: number;
  /** How often the archive deletes the aborted games past `limits.abortedRetentionMs`. Default 1 hour. */
  readonly archivePruneMs?: number;
  readonly loginLimits?: LoginLimits;
  /** Password hashes at once and waiting (DEFAULT_HASHING_LIMITS). */
  readonly passwordHashing?: HashingLimits;
  /** CPU-heavy tasks (bot series, mate searches) off the event loop; closed with the app. Default: a worker pool. */
  readonly compute?: ComputePool;
  /** Overrides of DEFAULT_ANALYSIS_SETTINGS, and of the per-address request limit (DEFAULT_ANALYSIS_LIMIT). */
  readonly analysis?: Partial<AnalysisSettings> & { readonly perAddress?: RateLimitOptions };
  /** Overrides of DEFAULT_BOT_SETTINGS (the computer player: budgets, pauses, caps). */
  readonly bot?: Partial<BotSettings>;
  /** Who reads /metrics: a port of their own, a bearer token (metrics-access.ts). Default: this machine only. */
  readonly metricsAccess?: MetricsAccess;
  /** How long a client may take to send a whole request (headers and body). Default 30 s. */
  readonly requestTimeoutMs?: number;
  /** E-mail out (SMTP_URL, MAIL_FROM): verification, password reset, the daily digest. None: nothing is sent. */
  readonly mailer?: Mailer;
  /**
   * Web push: VAPID keys (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY), else generated once into `dataDir`
   * (DATA_DIR), else into the database; `subject` (VAPID_SUBJECT, default the public URL);
   * `agent`: the HTTPS agent for push requests (a test's local push service and its certificate).
   */
  readonly push?: {
    readonly vapid?: { readonly publicKey: string; readonly privateKey: string };
    readonly dataDir?: string;
    readonly subject?: string;
    readonly agent?: Agent;
  };
  /** How often the daily digest round runs (default 1 hour; 0: never, tests call it). */
  readonly digestEveryMs?: number;
  /** How often notifications due by e-mail are mailed (default 1 minute; 0: never, tests call it). */
  readonly noticesEveryMs?: number;
  /** Node's process metrics (CPU, memory, event-loop delay, GC) on /metrics too: the entry point's one app. */
  readonly processMetrics?: boolean;
}

export interface Settings {
  readonly firstMoveGraceMs: number;
  readonly deadlineTickMs: number;
  readonly deadlineIdleMs: number;
  readonly deadlineLeaseMs: number;
  readonly seekGraceMs: number;
  readonly seekExpiryTickMs: number;
  readonly heartbeatMs: number;
  readonly presenceBatchMs: number;
  readonly lobbyBatchMs: number;
  readonly rateLimit: RateLimitOptions;
  readonly abuseLimits: AbuseLimitOptions;
  readonly trustProxy: boolean;
  readonly maxHttpBufferSize: number;
  readonly limits: Limits;
  readonly bot: BotSettings;
  readonly randomInt: (max: number) => number;
  readonly chatLimits: ChatLimits;
  readonly archiveGraceMs: number;
  readonly archivePruneMs: number;
  readonly loginLimits: LoginLimits;
  readonly analysis: AnalysisSettings;
  readonly analysisPerAddress: RateLimitOptions;
}

export function settingsOf(deps: AppDeps): Settings {
  return {
    firstMoveGraceMs: deps.firstMoveGraceMs ?? FIRST_MOVE_GRACE_MS,
    deadlineTickMs: deps.deadlineTickMs ?? 40,
    // an injected clock may run at any pace against the timers (a test's jumps): no sleeping by it
    deadlineIdleMs: deps.deadlineIdleMs ?? (deps.now === undefined ? 1000 : (deps.deadlineTickMs ?? 40)),
    deadlineLeaseMs: deps.deadlineLeaseMs ?? 80,
    seekGraceMs: deps.seekGraceMs ?? 20_000,
    seekExpiryTickMs: deps.seekExpiryTickMs ?? 5_000,
    heartbeatMs: deps.heartbeatMs ?? 5_000,
    presenceBatchMs: deps.presenceBatchMs ?? 250,
    lobbyBatchMs: deps.lobbyBatchMs ?? 1_000,
    rateLimit: deps.rateLimit ?? { points: 60, durationSec: 5 },
    abuseLimits: { ...DEFAULT_ABUSE_LIMITS, ...deps.abuseLimits },
    trustProxy: deps.trustProxy ?? false,
    maxHttpBufferSize: deps.maxHttpBufferSize ?? 16 * 1024,
    limits: { ...DEFAULT_LIMITS, ...deps.limits },
    bot: { ...DEFAULT_BOT_SETTINGS, ...deps.bot },
    randomInt: deps.randomInt ?? ((max) => randomInt(max)),
    chatLimits: deps.chatLimits ?? DEFAULT_CHAT_LIMITS,
    archiveGraceMs: deps.archiveGraceMs ?? 10 * 60_000,
    archivePruneMs: deps.archivePruneMs ?? 60 * 60_000,
    loginLimits: deps.loginLimits ?? DEFAULT_LOGIN_LIMITS,
    analysis: { ...DEFAULT_ANALYSIS_SETTINGS, ...deps.analysis },
    analysisPerAddress: deps.analysis?.perAddress ?? DEFAULT_ANALYSIS_LIMIT,
  };
}
