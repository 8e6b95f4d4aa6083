import type { RedisClient } from '../store/redis-client.js';
import { AccountsRepo } from '../db/accounts-repo.js';
import { ArchiveRepo } from '../db/archive-repo.js';
import type { Database } from '../db/database.js';
import { RatingsRepo } from '../db/ratings-repo.js';
import { createGameArchive, type GameArchive } from '../services/game-archive.js';
import type { AccountDirectory, Identity } from '../services/identity.js';
import { AccountService, accountDirectory, type EndedSessions } from './account-service.js';
import { LoginLimiter, type LoginLimits } from './login-limiter.js';
import { passwordHasher, type PasswordHasher, type HashingLimits } from './password.js';

export interface DurableOptions {
  readonly now: () => number;
  readonly archiveGraceMs: number;
  readonly loginLimits: LoginLimits;
  /** Default DEFAULT_HASHING_LIMITS. */
  readonly hashing?: HashingLimits;
  /** Shared login counters across nodes (else per process). */
  readonly redis?: RedisClient;
}

/** Everything built on the durable database: the archive, the account directory and (given identity) the account service. */
export interface Durable {
  readonly archive: GameArchive;
  readonly directory: AccountDirectory;
  /** Password hashing behind its bounded gate: one per node, shared by log-ins, sign-ups and password resets. */
  readonly hasher: PasswordHasher;
  /** `sessionsEnded`: disconnects the connections of ended sessions (AccountServiceDeps). */
  accountService(identity: Identity, sessionsEnded?: (ended: EndedSessions) => void): AccountService;
}

export function createDurable(db: Database, o: DurableOptions): Durable {
  const accounts = new AccountsRepo(db);
  const archiveRepo = new ArchiveRepo(db);
  const ratings = new RatingsRepo(db);
  const hasher = passwordHasher(o.hashing);
  return {
    hasher,
    archive: createGameArchive(archiveRepo, o.now, o.archiveGraceMs),
    directory: accountDirectory(accounts, o.now),
    accountService: (identity, sessionsEnded) =>
      new AccountService({
        accounts,
        ratings,
        archive: archiveRepo,
        identity,
        limiter: new LoginLimiter(o.loginLimits, o.redis),
        hasher,
        now: o.now,
        ...(sessionsEnded ? { sessionsEnded } : {}),
      }),
  };
}
