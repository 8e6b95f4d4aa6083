/**
 * The durable database, behind one small interface: PostgreSQL through `pg` (a pool) or the
 * embedded PGlite (Postgres in WebAssembly, in-process). Repositories only see `Queryable` and
 * `Database`, so the same SQL runs on both, and one contract suite checks both.
 */

export interface SqlResult<R> {
  readonly rows: R[];
  /** Rows inserted, updated or deleted (0 for a SELECT that found none). */
  readonly rowCount: number;
}

export interface Queryable {
  /** One statement with `$1...` parameters. */
  query<R>(text: string, params?: readonly unknown[]): Promise<SqlResult<R>>;
  /** Several statements without parameters (migrations). */
  exec(text: string): Promise<void>;
}

export interface Database extends Queryable {
  /** Runs `fn` in one transaction on one connection: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Which engine this is (logs, health). */
  readonly kind: 'postgres' | 'pglite';
  close(): Promise<void>;
}

/**
 * What a database call rejects with when the database cannot be reached or does not answer in
 * time (refused or lost connection, a connect, query or statement timeout, a server shutting down
 * or still starting, the schema not migrated yet): nothing was decided, the caller may try again
 * later. Guests play on meanwhile; account and archive requests answer `unavailable` (503).
 */
export class DatabaseUnavailableError extends Error {
  constructor(cause: unknown) {
    super('the database is unavailable', { cause });
    this.name = 'DatabaseUnavailableError';
  }
}

/** A check that the database answers (`/healthz`). */
export const databasePing = (db: Queryable) => async (): Promise<void> => {
  await db.query('SELECT 1');
};
