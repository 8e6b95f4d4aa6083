import { mkdirSync } from 'node:fs';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { Database, Queryable, SqlResult } from './database.js';

function wrap(runner: PGlite | Transaction): Queryable {
  return {
    async query<R>(text: string, params: readonly unknown[] = []): Promise<SqlResult<R>> {
      const r = await runner.query<R>(text, [...params]);
      return { rows: r.rows, rowCount: r.affectedRows ?? 0 };
    },
    async exec(text: string): Promise<void> {
      await runner.exec(text);
    },
  };
}

/**
 * The embedded default: PGlite in this process, in memory (`dataDir` undefined) or persisted in a
 * folder (created with its parents when missing). One connection: transactions run one at a
 * time, which also makes them serialisable.
 */
export async function createPgliteDatabase(dataDir?: string): Promise<Database> {
  if (dataDir !== undefined) mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create(dataDir === undefined ? {} : { dataDir });
  return {
    kind: 'pglite',
    ...wrap(db),
    transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      return db.transaction((tx) => fn(wrap(tx)));
    },
    async close(): Promise<void> {
      if (!db.closed) await db.close();
    },
  };
}
