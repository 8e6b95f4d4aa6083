import { ARENA_WAVE_MS, TOURNAMENT_UPDATE_MS, type VariantId } from '@progressive-chess/shared';
import type express from 'express';
import type { Logger } from 'pino';
import type { AccountService } from '../accounts/account-service.js';
import type { Database } from '../db/database.js';
import { TokensRepo } from '../db/tokens-repo.js';
import type { NewNotification } from '../notify/notifications-repo.js';
import type { GameCommands } from '../services/game-commands.js';
import type { GameLifecycle } from '../services/game-lifecycle.js';
import type { GameService } from '../services/game-service.js';
import type { AccountDirectory, Identity } from '../services/identity.js';
import type { Publisher } from '../services/publisher.js';
import type { Store } from '../store/store.js';
import { throttledWarning } from '../throttled-log.js';
import type { TokenService } from '../tokens/token-service.js';
import type { AppServer } from '../transport/socket-types.js';
import { subscribeResults } from './results.js';
import type { ScheduledEvent } from './schedule.js';
import { createScheduled } from './schedule-runner.js';
import { TournamentRepo } from './tournament-repo.js';
import { tournamentRoutes } from './tournament-routes.js';
import { TournamentRunner } from './tournament-runner.js';
import { TournamentService } from './tournament-service.js';
import { TournamentUpdates } from './tournament-updates.js';

/** Tournament settings of `createApp` (AppDeps.tournaments). */
export interface TournamentDeps {
  /** The operator's recurring events (TOURNAMENT_SCHEDULE). */
  readonly schedule?: readonly ScheduledEvent[];
  /** How often each node looks at the due tournaments (default ARENA_WAVE_MS); 0: never by itself (tests call `tick`). */
  readonly tickMs?: number;
  /** An arena's wave period (default ARENA_WAVE_MS). */
  readonly waveMs?: number;
  /** A wave's or round start's lease (default 15 s). */
  readonly leaseMs?: number;
  /** `tournament:update` batching (default TOURNAMENT_UPDATE_MS). */
  readonly updateMs?: number;
}

export interface TournamentParts {
  readonly service: TournamentService;
  readonly runner: TournamentRunner;
  readonly updates: TournamentUpdates;
  readonly router: express.Router;
  /** One pass of the runner (and the schedule), as the timer does. */
  tick(): Promise<void>;
  close(): Promise<void>;
}

const DEFAULT_LEASE_MS = 15_000;
/** Shutdown waits this long for a tick in flight (a database that does not answer must not hold it up). */
const CLOSE_WAIT_MS = 2_000;

/** `p`, or nothing after `ms` (what is left of it goes on unawaited). */
const boundedWait = (p: Promise<void>, ms: number): Promise<void> =>
  new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    void p.finally(() => {
      clearTimeout(timer);
      resolve();
    });
  });
/** The schedule is looked at this often. */
const SCHEDULE_EVERY_MS = 60_000;

export interface ComposeTournaments {
  readonly deps: TournamentDeps;
  readonly db: Database;
  readonly store: Store;
  readonly io: AppServer;
  readonly games: GameService;
  readonly commands: GameCommands;
  readonly lifecycle: GameLifecycle;
  readonly publisher: Publisher;
  readonly identity: Identity;
  readonly directory: AccountDirectory;
  readonly accounts: Pick<AccountService, 'ratingOf' | 'ratingsOf'>;
  readonly online: () => Promise<ReadonlySet<string>>;
  /** Social's guest-aware blocks (an arena never pairs two players with a block between them). */
  readonly blockedAmong?: (playerIds: readonly string[]) => Promise<readonly (readonly [string, string])[]>;
  /** A notification to an account (the notifications' triggers): `tournament-soon`. */
  readonly notify?: (n: NewNotification) => void;
  /** The API's tokens (bots join with theirs), read when a request comes. */
  readonly tokens: () => TokenService | undefined;
  readonly now: () => number;
  readonly logger: Logger;
}

/** Tournaments on a database: service, runner (its timer), socket updates, HTTP routes and the result subscriber. */
export function createTournaments(o: ComposeTournaments): TournamentParts {
  const repo = new TournamentRepo(o.db);
  const bots = new TokensRepo(o.db);
  const players = {
    // a guest has no rating: the database is not asked
    ratingOf: async (id: string, variant: VariantId) => ((await o.identity.isGuest(id)) ? null : ((await o.accounts.ratingOf(id, variant))?.rating ?? null)),
    ratingsOf: async (ids: readonly string[], variant: VariantId) => new Map([...(await o.accounts.ratingsOf(ids, variant))].map(([id, r]) => [id, r.rating])),
    isBot: (id: string) => bots.isBot(id),
  };
  const service = new TournamentService({ repo, players, now: o.now });
  const runner = new TournamentRunner({
    repo,
    store: o.store,
    games: o.games,
    commands: o.commands,
    players,
    online: o.online,
    ...(o.blockedAmong ? { blockedAmong: o.blockedAmong } : {}),
    ...(o.notify ? { notify: o.notify } : {}),
    now: o.now,
    logger: o.logger,
    leaseMs: o.deps.leaseMs ?? DEFAULT_LEASE_MS,
    waveMs: o.deps.waveMs ?? ARENA_WAVE_MS,
  });
  const updates = new TournamentUpdates(o.io, repo, service, o.logger, o.deps.updateMs ?? TOURNAMENT_UPDATE_MS);
  const unsubscribe = subscribeResults(o.lifecycle, { repo, now: o.now, logger: o.logger });
  const router = tournamentRoutes({
    service,
    accounts: o.directory,
    identity: o.identity,
    tokens: o.tokens,
  });
  let scheduledAt = -Infinity;
  const tick = async (): Promise<void> => {
    const now = o.now();
    if (o.deps.schedule?.length && now - scheduledAt >= SCHEDULE_EVERY_MS) {
      scheduledAt = now;
      await createScheduled(repo, o.deps.schedule, now, o.logger);
    }
    await runner.tick();
  };
  const failed = throttledWarning(o.logger, 'tournament tick failed');
  let busy = false;
  let current: Promise<void> = Promise.resolve();
  const tickMs = o.deps.tickMs ?? ARENA_WAVE_MS;
  const timer =
    tickMs > 0
      ? setInterval(() => {
          if (busy) return;
          busy = true;
          current = tick()
            .catch(failed)
            .finally(() => {
              busy = false;
            });
        }, tickMs)
      : null;
  return {
    service,
    runner,
    updates,
    router,
    tick,
    async close() {
      if (timer) clearInterval(timer);
      await boundedWait(unsubscribe(), CLOSE_WAIT_MS);
      await boundedWait(current, CLOSE_WAIT_MS);
      await boundedWait(updates.close(), CLOSE_WAIT_MS);
    },
  };
}
