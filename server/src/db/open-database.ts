import type { Database } from './database.js';
import { migrate } from './migrations.js';
import { createPgDatabase } from './pg-database.js';
import { createPgliteDatabase } from './pglite-database.js';

export interface DatabaseConfig {
  /** A PostgreSQL URL; unset: the embedded PGlite. */
  readonly url?: string;
  /** PGlite's data folder; unset: in memory (lost on exit). */
  readonly pgliteDir?: string;
  readonly onError?: (e: Error) => void;
}

/** Opens the configured database and brings its schema up to date. */
export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  const db =
    config.url === undefined
      ? await createPgliteDatabase(config.pgliteDir)
      : createPgDatabase(config.url, config.onError ? { onError: config.onError } : {});
  try {
    await migrate(db);
    return db;
  } catch (e) {
    await db.close();
    throw e;
  }
}
