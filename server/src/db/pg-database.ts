import pg from 'pg';
import { DatabaseUnavailableError, type Database, type Queryable, type SqlResult } from './database.js';

type PgRunner = Pick<pg.Pool, 'query'> | pg.PoolClient;

/** How long a database call may take: a database that hangs (frozen, a lost network) fails calls, it never holds them. */
export interface PgTimeouts {
  /** Opening a connection, or waiting for a free one in the pool (ms). */
  readonly connectMs: number;
  /** One statement: cancelled by the server past this (`statement_timeout`), given up by the client a second later (ms). */
  readonly queryMs: number;
}

export const DEFAULT_PG_TIMEOUTS: PgTimeouts = { connectMs: 3_000, queryMs: 5_000 };
/** TCP keepalive probes start after this idle time: a connection to a vanished host fails instead of waiting forever. */
const KEEPALIVE_DELAY_MS = 10_000;
/** `close()` stops waiting for the server's goodbye past this (a frozen server never answers it). */
const CLOSE_MS = 2_000;

/** SQLSTATEs that mean "not now" rather than "wrong": connection exceptions, shutdown, too many connections, a cancelled statement. */
const UNAVAILABLE_STATES = /^(08|53|57P0[123]|57014)/;

/**
 * Whether a `pg` failure is the database being unreachable or too slow (retry later), not the
 * statement's fault: the server's own errors carry a SQLSTATE; the driver's (refused, reset,
 * timeouts, a connection that ended) do not.
 */
export function pgUnavailable(e: unknown): boolean {
  if (e instanceof pg.DatabaseError) return UNAVAILABLE_STATES.test(e.code ?? '');
  return e instanceof Error && !(e instanceof TypeError) && !(e instanceof RangeError);
}

const unavailable = (e: unknown): unknown => (pgUnavailable(e) ? new DatabaseUnavailableError(e) : e);

function wrap(runner: PgRunner): Queryable {
  return {
    async query<R>(text: string, params: readonly unknown[] = []): Promise<SqlResult<R>> {
      const r = await runner.query(text, [...params]).catch((e: unknown) => Promise.reject(unavailable(e)));
      return { rows: r.rows as R[], rowCount: r.rowCount ?? 0 };
    },
    async exec(text: string): Promise<void> {
      await runner.query(text).catch((e: unknown) => Promise.reject(unavailable(e)));
    },
  };
}

/** PostgreSQL at `url` through a `pg` pool (the database owns and ends the pool). Every call is bounded by `timeouts`. */
export function createPgDatabase(
  url: string,
  opts: { max?: number; onError?: (e: Error) => void; timeouts?: PgTimeouts } = {},
): Database {
  const t = opts.timeouts ?? DEFAULT_PG_TIMEOUTS;
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.max ?? 10,
    connectionTimeoutMillis: t.connectMs,
    statement_timeout: t.queryMs,
    idle_in_transaction_session_timeout: t.queryMs,
    // the server cancels a slow statement itself; this is for a server that does not answer at all
    query_timeout: t.queryMs + 1_000,
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEPALIVE_DELAY_MS,
  });
  pool.on('error', opts.onError ?? (() => undefined));
  return {
    kind: 'postgres',
    ...wrap(pool),
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      const client = await pool.connect().catch((e: unknown) => Promise.reject(unavailable(e)));
      const tx = wrap(client);
      let failed: unknown = undefined;
      try {
        await tx.exec('BEGIN');
        const out = await fn(tx);
        await tx.exec('COMMIT');
        return out;
      } catch (e) {
        failed = e;
        await client.query('ROLLBACK').catch(() => undefined);
        throw e;
      } finally {
        // a connection that failed is not given back to the pool (it may be stuck in a timed-out statement)
        client.release(failed instanceof DatabaseUnavailableError ? failed : undefined);
      }
    },
    async close(): Promise<void> {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, CLOSE_MS);
      });
      await Promise.race([pool.end().catch(() => undefined), late]);
      clearTimeout(timer);
    },
  };
}
