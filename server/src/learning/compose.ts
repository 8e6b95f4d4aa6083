import type express from 'express';
import type { Logger } from 'pino';
import type { ComputePool } from '../compute/pool.js';
import type { Database } from '../db/database.js';
import { perAddress } from '../http/rate-limit.js';
import type { GameLifecycle } from '../services/game-lifecycle.js';
import type { AccountDirectory } from '../services/identity.js';
import type { RedisClient } from '../store/redis-client.js';
import type { StoredGame } from '../store/store.js';
import { sharedLimiter } from '../transport/shared-limiter.js';
import { ExplorerRepo } from './explorer-repo.js';
import { LearningIndexer } from './learning-indexer.js';
import { LEARNING_READS, PUZZLE_RESULTS, learningRoutes } from './learning-routes.js';
import { DEFAULT_MINING_BUDGET, type MiningBudget } from './puzzle-miner.js';
import { PuzzleRepo } from './puzzle-repo.js';

export interface LearningOptions {
  readonly lifecycle: GameLifecycle;
  readonly load: (gameId: string) => Promise<StoredGame>;
  readonly compute: ComputePool;
  readonly directory: Pick<AccountDirectory, 'fromCookie'>;
  readonly now: () => number;
  readonly logger: Logger;
  readonly redis: RedisClient | null;
  readonly trustProxy: boolean;
  readonly budget?: MiningBudget;
}

export interface Learning {
  readonly indexer: LearningIndexer;
  readonly router: express.Router;
  close(): Promise<void>;
}

/** Mined puzzles and the opening explorer (a database is needed): fed by archived games, served over HTTP. */
export function createLearning(db: Database, o: LearningOptions): Learning {
  const puzzles = new PuzzleRepo(db);
  const explorer = new ExplorerRepo(db);
  const indexer = new LearningIndexer({
    load: o.load,
    explorer,
    puzzles,
    compute: o.compute,
    budget: o.budget ?? DEFAULT_MINING_BUDGET,
    now: o.now,
    logger: o.logger,
    maxPending: 1_000,
  });
  const unsubscribe = o.lifecycle.on('archived', indexer.archived);
  const router = learningRoutes({
    puzzles,
    explorer,
    accounts: o.directory,
    now: o.now,
    reads: perAddress(sharedLimiter(LEARNING_READS, 'learning-reads', o.redis), o.trustProxy),
    results: perAddress(sharedLimiter(PUZZLE_RESULTS, 'puzzle-results', o.redis), o.trustProxy),
  });
  return {
    indexer,
    router,
    async close() {
      unsubscribe();
      await indexer.close();
    },
  };
}
