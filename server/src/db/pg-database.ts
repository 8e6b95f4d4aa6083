import pg from 'pg';
import type { Database, Queryable, SqlResult } from './database.js';

type PgRunner = Pick<pg.Pool, 'query'> | pg.PoolClient;

function wrap(runner: PgRunner): Queryable {
  return {
    async query<R>(text: string, params: readonly unknown[] = []): Promise<SqlResult<R>> {
      const r = await runner.query(text, [...params]);
      return { rows: r.rows as R[], rowCount: r.rowCount ?? 0 };
    },
    async exec(text: string): Promise<void> {
      await runner.query(text);
    },
  };
}

/** PostgreSQL at `url` through a `pg` pool (the database owns and ends the pool). */
export function createPgDatabase(url: string, opts: { max?: number; onError?: (e: Error) => void } = {}): Database {
  const pool = new pg.Pool({ connectionString: url, max: opts.max ?? 10 });
  pool.on('error', opts.onError ?? (() => undefined));
  return {
    kind: 'postgres',
    ...wrap(pool),
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const out = await fn(wrap(client));
        await client.query('COMMIT');
        return out;
      } catch (e) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw e;
      } finally {
        client.release();
      }
    },
    async close(): Promise<void> {
      await pool.end();
    },
  };
}
