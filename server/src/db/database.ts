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

/** A check that the database answers (`/healthz`). */
export const databasePing = (db: Queryable) => async (): Promise<void> => {
  await db.query('SELECT 1');
};
