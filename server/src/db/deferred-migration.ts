import { DatabaseUnavailableError, type Database, type Queryable } from './database.js';
import { migrate } from './migrations.js';

export interface DeferredMigrationOptions {
  /** First wait before trying the migrations again in the background (ms); doubles up to `maxRetryMs`. */
  readonly retryMs: number;
  readonly maxRetryMs: number;
  /** The schema is up to date: the database is usable from now on. */
  readonly onMigrated: (versions: number[]) => void;
  /** A background try failed (the database still away): logged throttled by the caller. */
  readonly onRetryFailed: (e: unknown) => void;
}

/**
 * A database whose schema could not be brought up to date at start-up (PostgreSQL down): the node
 * starts anyway (games live in the store), and the migrations run when the database comes back,
 * in the background (backing off) or at the first call that finds it back. Until then every call
 * fails with `DatabaseUnavailableError`, as a call to an unreachable database does.
 */
export function migrateWhenBack(db: Database, o: DeferredMigrationOptions): Database {
  let migrated = false;
  let running: Promise<void> | null = null;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  let delay = o.retryMs;

  const tryMigrate = (): Promise<void> => {
    running ??= migrate(db)
      .then((versions) => {
        migrated = true;
        clearTimeout(timer);
        o.onMigrated(versions);
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  const ready = async (): Promise<void> => {
    if (migrated) return;
    await tryMigrate().catch((e: unknown) => {
      throw e instanceof DatabaseUnavailableError ? e : new DatabaseUnavailableError(e);
    });
  };
  const retry = (): void => {
    timer = setTimeout(() => {
      if (closed || migrated) return;
      tryMigrate().catch((e: unknown) => {
        o.onRetryFailed(e);
        delay = Math.min(delay * 2, o.maxRetryMs);
        retry();
      });
    }, delay);
    timer.unref();
  };
  retry();

  const gated: Queryable = {
    async query(text, params) {
      await ready();
      return db.query(text, params);
    },
    async exec(text) {
      await ready();
      return db.exec(text);
    },
  };
  return {
    kind: db.kind,
    ...gated,
    async transaction(fn) {
      await ready();
      return db.transaction(fn);
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      await db.close();
    },
  };
}
