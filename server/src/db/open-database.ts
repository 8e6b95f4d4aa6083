import { DatabaseUnavailableError, type Database } from './database.js';
import { migrateWhenBack } from './deferred-migration.js';
import { migrate } from './migrations.js';
import { createPgDatabase, type PgTimeouts } from './pg-database.js';
import { createPgliteDatabase } from './pglite-database.js';

export interface DatabaseConfig {
  /** A PostgreSQL URL; unset: the embedded PGlite. */
  readonly url?: string;
  /** PGlite's data folder; unset: in memory (lost on exit). */
  readonly pgliteDir?: string;
  readonly onError?: (e: Error) => void;
  /** PostgreSQL's connect and statement bounds (default `DEFAULT_PG_TIMEOUTS`). */
  readonly timeouts?: PgTimeouts;
  /**
   * PostgreSQL unreachable at start-up: called once, and the database is returned anyway, its
   * migrations run when it comes back (`migrateWhenBack`). Unset: the failure is thrown.
   */
  readonly whileUnavailable?: {
    readonly down: (e: DatabaseUnavailableError) => void;
    readonly back: (versions: number[]) => void;
    readonly stillDown: (e: unknown) => void;
  };
}

/** Tries again to bring the schema up to date after this, doubling up to `MAX_RETRY_MS`. */
const RETRY_MS = 1_000;
const MAX_RETRY_MS = 30_000;

/** Opens the configured database and brings its schema up to date. */
export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  const db =
    config.url === undefined
      ? await createPgliteDatabase(config.pgliteDir)
      : createPgDatabase(config.url, {
          ...(config.onError ? { onError: config.onError } : {}),
          ...(config.timeouts ? { timeouts: config.timeouts } : {}),
        });
  try {
    await migrate(db);
    return db;
  } catch (e) {
    const later = config.whileUnavailable;
    if (later && e instanceof DatabaseUnavailableError) {
      later.down(e);
      return migrateWhenBack(db, { retryMs: RETRY_MS, maxRetryMs: MAX_RETRY_MS, onMigrated: later.back, onRetryFailed: later.stillDown });
    }
    await db.close();
    throw e;
  }
}
