import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { FIRST_MOVE_GRACE_MS } from '@progressive-chess/shared';
import type { ChatLimits } from './services/chat-service.js';
import type { Store } from './store/store.js';

/** Redis for the Socket.IO adapter: a URL (the app opens and closes its own clients) or clients the caller owns. */
export type RedisDeps = { readonly url: string } | { readonly pubClient: Redis; readonly subClient: Redis };

export interface RateLimitOptions {
  /** Events a connection may send per window. */
  readonly points: number;
  readonly durationSec: number;
}

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
  /** Static files of the built client (optional). */
  readonly clientDir?: string;
  readonly firstMoveGraceMs?: number;
  readonly deadlineTickMs?: number;
  /** How long a claimed deadline stays with the node that claimed it before another may take it. */
  readonly deadlineLeaseMs?: number;
  readonly seekGraceMs?: number;
  readonly rateLimit?: RateLimitOptions;
  readonly maxHttpBufferSize?: number;
  /** Uniform integer in [0, max): colour draws. Default: node:crypto randomInt. */
  readonly randomInt?: (max: number) => number;
  /** Chat lines per sender and game per window, and how long a channel outlives its last line. */
  readonly chatLimits?: ChatLimits;
}

export interface Settings {
  readonly firstMoveGraceMs: number;
  readonly deadlineTickMs: number;
  readonly deadlineLeaseMs: number;
  readonly seekGraceMs: number;
  readonly rateLimit: RateLimitOptions;
  readonly maxHttpBufferSize: number;
}

export function settingsOf(deps: AppDeps): Settings {
  return {
    firstMoveGraceMs: deps.firstMoveGraceMs ?? FIRST_MOVE_GRACE_MS,
    deadlineTickMs: deps.deadlineTickMs ?? 250,
    deadlineLeaseMs: deps.deadlineLeaseMs ?? 10_000,
    seekGraceMs: deps.seekGraceMs ?? 20_000,
    rateLimit: deps.rateLimit ?? { points: 60, durationSec: 5 },
    maxHttpBufferSize: deps.maxHttpBufferSize ?? 16 * 1024,
  };
}
